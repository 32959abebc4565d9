import { describe, expect, it } from 'vitest';
import { codeLanguageOf } from './code-language';

describe('codeLanguageOf', () => {
  it.each([
    ['ts', 'typescript'],
    ['sh', 'bash'],
    ['Python', 'python'],
    ['c#', 'csharp'],
    ['java', 'java'],
  ])('honours the fence label %s, highlighting it as %s', (fence, grammar) => {
    expect(codeLanguageOf(fence, 'x')).toEqual({ label: fence, grammar });
  });

  it.each([
    ['python', 'def area(radius):\n    return 3.14159 * radius ** 2\n'],
    ['python', 'import numpy as np\nprint(np.zeros(3))'],
    ['javascript', 'const total = items.reduce((sum, item) => sum + item.price, 0);\nconsole.log(total);'],
    ['typescript', 'interface User {\n  name: string;\n}\n'],
    ['bash', '$ npm install\n$ npm start'],
    ['bash', 'sudo apt-get install -y chromium'],
    ['sql', 'SELECT name, email FROM users WHERE active = true;'],
    ['json', '{\n  "name": "tokenwise",\n  "private": true\n}'],
    ['cpp', '#include <iostream>\nint main() { std::cout << "hi"; }'],
    ['rust', 'fn main() {\n    let mut count = 0;\n    println!("{}", count);\n}'],
    ['go', 'package main\n\nfunc main() {\n\tfmt.Println("hi")\n}'],
    ['java', 'public class Hello {\n  public static void main(String[] args) { System.out.println("hi"); }\n}'],
  ])('guesses %s for an unlabelled block', (grammar, code) => {
    expect(codeLanguageOf(undefined, code).grammar).toBe(grammar);
  });

  it('leaves prose and unknown text plain rather than colouring it wrongly', () => {
    expect(codeLanguageOf('', 'Dear Sam,\nthe meeting moved to Tuesday.')).toEqual({ label: 'text', grammar: 'text' });
    expect(codeLanguageOf(undefined, '{ not json at all')).toEqual({ label: 'text', grammar: 'text' });
  });
});
