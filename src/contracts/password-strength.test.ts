import { describe, expect, it } from 'vitest';
import { isStrongEnoughForSignup } from './auth';
import { labelPasswordScore, scorePassword } from './password-strength';

describe('password strength (spec section 5)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 0, 'Weak'],
    ['abcdefgh', 1, 'Fair'],
    ['Abc', 1, 'Fair'],
    ['Abcdefgh', 2, 'Good'],
    ['abcdefg1', 2, 'Good'],
    ['Abcdefg1', 3, 'Strong'],
    ['Abcdef1!', 4, 'Strong'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(scorePassword(password)).toBe(score);
    expect(labelPasswordScore(score)).toBe(label);
  });

  it('signup needs a score of at least 2 and 8 characters', () => {
    expect(isStrongEnoughForSignup('Abcdefgh')).toBe(true);
    expect(isStrongEnoughForSignup('abcdefgh')).toBe(false);
    expect(isStrongEnoughForSignup('Ab1!')).toBe(false);
  });
});
