import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findEmailAddress } from './find-email-address';

/** The pattern the scanner replaces (issue 20): the same answers, without its quadratic backtracking. */
const emailPattern = /[\w.+-]+@[\w-]+\.[\w.-]+/;

describe('findEmailAddress', () => {
  it.each([
    ['Email me at alice@example.com with the summary', 'alice@example.com'],
    ['first.last+tag@mail-server.example.co.uk.', 'first.last+tag@mail-server.example.co.uk.'],
    ['@example.com and a@b', undefined],
    ['a@b.c@d.e', 'a@b.c'],
    ['x @ y.z, then bob@host.org', 'bob@host.org'],
    ['no address here', undefined],
  ])('finds in %j: %j', (text, expected) => {
    expect(findEmailAddress(text)).toBe(expected);
    expect(emailPattern.exec(text)?.[0]).toBe(expected);
  });

  it('agrees with the pattern on any text made of the characters that matter', () => {
    const character = fc.constantFrom('a', 'Z', '7', '_', '.', '+', '-', '@', ' ', 'é', '!');
    fc.assert(
      fc.property(fc.array(character, { maxLength: 40 }), (characters) => {
        const text = characters.join('');
        expect(findEmailAddress(text)).toBe(emailPattern.exec(text)?.[0]);
      }),
      { numRuns: 2_000 },
    );
  });
});
