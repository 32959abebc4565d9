import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { countMessagesTokens, countTextTokens, estimateMessagesTokens, estimateTextTokens } from './token-usage';

/** The tokenizer's own count of the whole text at once. */
const wholeCount = (text: string) => countTokens(text, { disallowedSpecial: new Set<string>() });

/** Prose, code and chat as people write them: words, numbers and punctuation between spaces and line breaks. */
const ordinaryText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ' ',
        ' ',
        ' ',
        '\n',
        '\n\n',
        '  ',
        '\t',
        ', ',
        '. ',
        '(',
        ')',
        '{',
        '}',
        ';',
        "'s",
        '"',
        '-',
        '/',
      ),
      fc.stringMatching(/^[A-Za-z]{1,12}$/),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.constantFrom('élan', 'naïve', '中文', '😀', 'https://example.com/a/b', 'camelCase', 'snake_case'),
    ),
    { maxLength: 1_500 },
  )
  .map((parts) => parts.join(''));

/** Text with long runs the pieces must cut by force: letters, digits, spaces, punctuation, CJK. */
const textWithLongRuns = fc
  .array(
    fc.oneof(
      ordinaryText,
      fc
        .tuple(fc.constantFrom('a', 'Zq', '7', ' ', '!', '中', 'ab ', '\n', 'é'), fc.integer({ min: 60, max: 300 }))
        .map(([unit, times]) => unit.repeat(times)),
      fc.stringMatching(/^[a-z]{129,400}$/),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

describe('estimateTextTokens', () => {
  it.each([
    ['', 0],
    ['hello', 1],
    ['Hello world, how are you?', 7],
    ['<|endoftext|> is text here', 10],
  ])('counts %j as %i tokens', (text, expected) => {
    expect(estimateTextTokens(text)).toBe(expected);
  });

  it('counts ordinary text exactly as the tokenizer counts it whole', () => {
    fc.assert(
      fc.property(ordinaryText, (text) => {
        expect(estimateTextTokens(text)).toBe(wholeCount(text));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('never counts fewer tokens than the tokenizer counts whole, for long runs cut by force', () => {
    fc.assert(
      fc.property(textWithLongRuns, (text) => {
        expect(estimateTextTokens(text)).toBeGreaterThanOrEqual(wholeCount(text));
      }),
      { numRuns: 150 },
    );
    // The whole-text count this is checked against is the slow, quadratic one.
  }, 120_000);

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

describe('countTextTokens and countMessagesTokens', () => {
  it('count what the estimates count', async () => {
    const texts = ['', 'hello', 'x'.repeat(5_000), `${'The quick brown fox. '.repeat(500)}`];
    for (const text of texts) expect(await countTextTokens(text)).toBe(estimateTextTokens(text));
    const messages = texts.map((content) => ({ content }));
    expect(await countMessagesTokens(messages)).toBe(estimateMessagesTokens(messages));
  });

  it('give the event loop back while counting a long text', async () => {
    let letters = '';
    for (let index = 0, state = 7; index < 50_000; index += 1) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      letters += String.fromCharCode(97 + ((state >> 8) % 26));
    }
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = true));
    const counting = countTextTokens(letters).then((count) => ({ count, ranMeanwhile }));
    // Tens of milliseconds of work at least: it must not all run before the callback queued before it.
    const { count, ranMeanwhile: answeredBetween } = await counting;
    expect(answeredBetween).toBe(true);
    expect(count).toBe(estimateTextTokens(letters));
  }, 60_000);
});
