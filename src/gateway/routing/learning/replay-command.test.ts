import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, runLineByLine } from '../../testing/replay-command-harness';

// `npm run -s router:replay -- --input FILE --sample-rate R`, run as a user would. Invented prompts only.
const lines = [
  { id: 'q1', prompt: 'Prove that the sum of two odd integers is even.', weak: 0, strong: 1 },
  { id: 'q2', prompt: 'Say good morning to my team in a cheerful tone.', weak: 1, strong: 1 },
  { id: 'q3', prompt: 'Prove that the product of two odd integers is odd.', weak: 0, strong: 1 },
  { id: 'q4', prompt: 'Say good night to my neighbours in a warm tone.', weak: 0.9, strong: 0.9 },
];
const asJsonLines = (values: readonly object[]) => values.map((value) => JSON.stringify(value));

describe('npm run router:replay', () => {
  let folder: string;
  const file = (name: string) => path.join(folder, name);
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'router-replay-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes one {id, score} line per input line, in order, and nothing else', async () => {
    await writeFile(file('good.jsonl'), `${asJsonLines(lines).join('\n')}\n\n`);
    const result = await runCommand('router:replay', ['--input', file('good.jsonl'), '--sample-rate', '0.5']);
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.map((answer) => answer.id)).toEqual(lines.map((line) => line.id));
    for (const answer of answers) {
      expect(Object.keys(answer)).toEqual(['id', 'score']);
      expect(typeof answer.score === 'number' && answer.score >= 0 && answer.score <= 1).toBe(true);
    }
  }, 180_000);

  it("answers line k before line k + 1 is written, and line k's label changes no answer up to k", async () => {
    // Line 2's labels are the other way round in the second run; with every line learned, later answers move.
    const changed = lines.map((line) => (line.id === 'q2' ? { ...line, weak: 0, strong: 1 } : line));
    const [original, flipped] = await Promise.all([
      runLineByLine('router:replay', ['--sample-rate', '1'], asJsonLines(lines)),
      runLineByLine('router:replay', ['--sample-rate', '1'], asJsonLines(changed)),
    ]);
    expect(original).toHaveLength(lines.length);
    expect(flipped.slice(0, 2)).toEqual(original.slice(0, 2));
    expect(flipped.slice(2)).not.toEqual(original.slice(2));
  }, 240_000);

  it.each([
    { name: 'not JSON', content: '{"id": "q9", "prompt": "fine", \n', message: /line 2: not valid JSON/ },
    {
      name: 'a score above 1',
      content: '\n{"id": "q9", "prompt": "fine", "weak": 0.5, "strong": 7}\n',
      message: /line 3: "strong" must be a number from 0 to 1/,
    },
    {
      name: 'a repeated id',
      content: JSON.stringify(lines[0]),
      message: /line 2: "id" "q1" was already used/,
    },
  ])(
    'stops on $name, naming the line, after answering the lines before it',
    async ({ name, content, message }) => {
      const input = file(`${name.replace(/\W/g, '-')}.jsonl`);
      await writeFile(input, `${JSON.stringify(lines[0])}\n${content}`);
      const result = await runCommand('router:replay', ['--input', input, '--sample-rate', '0.1']);
      expect(result.code).toBe(1);
      expect(
        result.stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual(['q1']);
      expect(result.stderr).toMatch(message);
    },
    180_000,
  );

  it('refuses a missing file or a sample rate out of range, with nothing on stdout', async () => {
    const [missing, badRate] = await Promise.all([
      runCommand('router:replay', ['--input', file('absent.jsonl'), '--sample-rate', '0.1']),
      runCommand('router:replay', ['--input', file('good.jsonl'), '--sample-rate', '1.5']),
    ]);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toMatch(/cannot read .*absent\.jsonl/);
    expect([badRate.code, badRate.stdout]).toEqual([1, '']);
    expect(badRate.stderr).toMatch(/--sample-rate must be a number from 0 to 1/);
  }, 180_000);
});
