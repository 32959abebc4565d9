import { describe, expect, it } from 'vitest';
import { isSpellingVariant } from './spelling-variant';
import { isKnownWord, zipfFrequency } from './word-frequency';

describe('general-English word frequencies', () => {
  it('ranks common words above rare ones and knows no made-up word', () => {
    expect(zipfFrequency('the')).toBeGreaterThan(7);
    expect(zipfFrequency('water')).toBeGreaterThan(zipfFrequency('receptacle'));
    expect(zipfFrequency('Water')).toBe(zipfFrequency('water'));
    expect(isKnownWord('receive')).toBe(true);
    expect(isKnownWord('recieve')).toBe(false);
  });
});

describe('spelling variants', () => {
  it.each([
    ['recieve', 'receive'],
    ['accomodation', 'accommodation'],
    ['definately', 'definitely'],
  ])('takes %j for %j', (first, second) => {
    expect(isSpellingVariant(first, second)).toBe(true);
    expect(isSpellingVariant(second, first)).toBe(true);
  });

  it.each([
    ['write', 'white'],
    ['form', 'from'],
    ['cat', 'cats'],
    ['tablet', 'tablets'],
    ['recieve', 'deceive'],
  ])('never takes %j for %j', (first, second) => {
    expect(isSpellingVariant(first, second)).toBe(false);
  });
});
