import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCountOfMine, findStatusNow } from './spread-phrases';

/** The patterns the scanners replace (issue 20): the same matches, without their quadratic backtracking. */
const statusNowPattern = /\bis .* (open|down|up) (now|right now)\b/;
const countOfMinePattern = /\bhow (many|much) [a-z ]*\b(have i|did i|do i have(?! to)|i have(?! to))\b/;

/** Texts as the guard reads them (lower case, one space between words), from the phrases that matter and others. */
const guardText = fc
  .array(
    fc.constantFrom(
      'is',
      'open now',
      'down right now',
      'up',
      'now',
      'how many',
      'how much',
      'have i',
      'did i',
      'do i have',
      'i have',
      'to',
      'the shop',
      'a1',
      'x_y',
      ',',
      'isnow',
      "i'm",
    ),
    { maxLength: 12 },
  )
  .map((phrases) => phrases.join(' '));

describe('findStatusNow', () => {
  it.each([
    ['is the shop on the corner open now', 'is the shop on the corner open now'],
    ['tell me if the site is really down right now please', 'is really down right now'],
    ['is down right now', undefined],
    ['is it open', undefined],
    ['the door is open nowhere', undefined],
  ])('in %j: %j', (text, expected) => {
    expect(findStatusNow(text)).toBe(expected);
    expect(statusNowPattern.exec(text)?.[0]).toBe(expected);
  });

  it('matches what the pattern matched', () => {
    fc.assert(
      fc.property(guardText, (text) => {
        expect(findStatusNow(text)).toBe(statusNowPattern.exec(text)?.[0]);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('findCountOfMine', () => {
  it.each([
    ['how many tokens have i used this month', 'how many tokens have i'],
    ['how much money did i spend', 'how much money did i'],
    ['how many eggs do i have to use', undefined],
    ['how many apples, do i have', undefined],
    ['how many how many have i have i', 'how many how many have i have i'],
  ])('in %j: %j', (text, expected) => {
    expect(findCountOfMine(text)).toBe(expected);
    expect(countOfMinePattern.exec(text)?.[0]).toBe(expected);
  });

  it('matches what the pattern matched', () => {
    fc.assert(
      fc.property(guardText, (text) => {
        expect(findCountOfMine(text)).toBe(countOfMinePattern.exec(text)?.[0]);
      }),
      { numRuns: 3_000 },
    );
  });
});
