import { describe, expect, it } from 'vitest';
import { promptKinds as kindsInTheApi } from '../../contracts';
import { kindOfText, promptKind, promptKinds } from './prompt-kind';

describe('the kind of a prompt', () => {
  it.each([
    { text: 'Write a function in Python that reverses a string.', kind: 'code' },
    { text: 'Fix this:\n```\ndef f(x):\n    return x\n```', kind: 'code' },
    { text: 'Why does my SQL query return duplicates?', kind: 'code' },
    { text: 'Solve x^2 - 4 = 0.', kind: 'maths' },
    { text: 'If a train travels 60 miles in 1.5 hours, what is its average speed?', kind: 'maths' },
    { text: 'Compute the derivative of sin(x) * x.', kind: 'maths' },
    { text: 'Write a haiku about rain.', kind: 'writing' },
    { text: 'Pretend you are a pirate and greet me.', kind: 'writing' },
    { text: 'Draft an email to my landlord about the heating.', kind: 'writing' },
    { text: 'What is the capital of France?', kind: 'question' },
    { text: 'Explain why the sky is blue.', kind: 'question' },
    { text: 'Tell me about foxes', kind: 'question' },
    { text: 'How many legs does a spider have?', kind: 'question' },
    { text: 'hi', kind: 'conversation' },
    { text: 'Thanks, that helps!', kind: 'conversation' },
    { text: 'Say hello to my team.', kind: 'conversation' },
  ] as const)('"$text" is $kind', ({ text, kind }) => {
    expect(kindOfText(text)).toBe(kind);
  });

  it('the API lists the same kinds, in the same order', () => {
    expect([...kindsInTheApi]).toEqual([...promptKinds]);
  });

  it('is one of the fixed kinds for any text', () => {
    for (const text of ['', ' ', 'x'.repeat(5_000), '😀 ∑ ```', '?']) expect(promptKinds).toContain(kindOfText(text));
  });

  it('a follow-up without a kind of its own takes the kind of the turn before it, one with a kind keeps its own', () => {
    expect(promptKind('now make it faster', 'Write a function in Python that sorts a list.')).toBe('code');
    expect(promptKind('now make it faster')).toBe('conversation');
    expect(promptKind('Write a haiku about it.', 'Solve x^2 - 4 = 0.')).toBe('writing');
    expect(promptKind('hi', 'hello')).toBe('conversation');
  });
});
