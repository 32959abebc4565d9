import { describe, expect, it } from 'vitest';
import { encoderWindow, routingTextForConversation } from './routing-text';

describe('the routing text of a conversation', () => {
  it.each([
    { turns: ['Solve x + 1 = 2'], expected: 'Solve x + 1 = 2' },
    { turns: ['Solve x + 1 = 2', 'What about x + 2 = 5?'], expected: 'Solve x + 1 = 2\n\nWhat about x + 2 = 5?' },
    { turns: ['first', 'second', 'third'], expected: 'second\n\nthird' },
  ])('keeps the previous user turn and the current one: $turns', ({ turns, expected }) => {
    expect(routingTextForConversation(turns)).toBe(expected);
  });

  it('refuses an empty conversation', () => {
    expect(() => routingTextForConversation([])).toThrow(/at least one user turn/);
  });
});

describe('the encoder window', () => {
  it('collapses whitespace and keeps a short text whole', () => {
    expect(encoderWindow('  Write   a\n\npoem ', 40)).toBe('Write a poem');
  });

  it('keeps the head and the tail of a long text, cut at word boundaries', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau';
    const window = encoderWindow(text, 40);
    expect(window).toBe('alpha beta gamma delta … rho sigma tau');
    expect(window.length).toBeLessThanOrEqual(40 + ' … '.length);
  });

  it('keeps the final question of a long prompt', () => {
    const prompt = `${'Background sentence. '.repeat(30)}Which option is right?\nA. one\nB. two\nAnswer:`;
    expect(encoderWindow(prompt, 96).endsWith('A. one B. two Answer:')).toBe(true);
  });
});
