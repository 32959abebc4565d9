import { describe, expect, it } from 'vitest';
import { estimateMessagesTokens, estimateTextTokens } from './token-usage';

describe('estimateTextTokens', () => {
  it.each([
    ['', 0],
    ['hello', 1],
    ['Hello world, how are you?', 7],
    ['<|endoftext|> is text here', 10],
  ])('counts %j as %i tokens', (text, expected) => {
    expect(estimateTextTokens(text)).toBe(expected);
  });

  it('grows with the text', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog. ';
    expect(estimateTextTokens(sentence.repeat(10))).toBeGreaterThan(9 * estimateTextTokens(sentence));
  });
});

describe('estimateMessagesTokens', () => {
  it.each([
    ['no messages', [], 3],
    ['one empty message', [{ content: '' }], 6],
    ['two messages', [{ content: 'hello' }, { content: 'Hello world, how are you?' }], 3 + 2 * 3 + 1 + 7],
  ])('estimates %s', (_name, messages, expected) => {
    expect(estimateMessagesTokens(messages)).toBe(expected);
  });
});
