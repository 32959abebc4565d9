import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { loginErrorMessage, signupErrorMessage } from './auth-error-messages';

const failure = (status: number, detail?: string, code = 'validation_failed') =>
  new ApiError(
    status,
    detail ?? 'Oops, something went wrong',
    detail === undefined ? undefined : { code, message: detail, detail },
  );

describe('signupErrorMessage (spec section 8)', () => {
  it.each([
    { error: failure(400, 'USERNAME is taken'), expected: 'Username already exists' },
    { error: failure(400, 'That email is registered'), expected: 'Email already in use' },
    { error: failure(400, 'Organization name is required'), expected: 'Organization name is required' },
    { error: failure(400), expected: 'Oops, something went wrong' },
    { error: failure(409, 'Something clashed', 'conflict'), expected: 'Something clashed' },
    { error: new ApiError(0, 'Failed to fetch', undefined), expected: 'Signup failed. Please try again' },
    { error: new Error('boom'), expected: 'Signup failed. Please try again' },
  ])('$error.message -> $expected', ({ error, expected }) => {
    expect(signupErrorMessage(error)).toBe(expected);
  });

  it('falls back to Invalid signup information for a 400 without any text', () => {
    expect(signupErrorMessage(new ApiError(400, '', undefined))).toBe('Invalid signup information');
  });
});

describe('loginErrorMessage (spec section 8)', () => {
  it.each([
    { error: failure(401, 'whatever the server says', 'unauthorized'), expected: 'Invalid username or password' },
    {
      error: failure(401, 'Invalid two-factor authentication code', 'unauthorized'),
      expected: 'Invalid two-factor authentication code',
    },
    {
      error: failure(429, 'slow down', 'too_many_requests'),
      expected: 'Too many login attempts. Please try again later',
    },
    {
      error: failure(403, 'Your account is not active yet.', 'forbidden'),
      expected: 'Your account is not active yet.',
    },
    { error: new ApiError(0, 'Failed to fetch', undefined), expected: 'Login failed. Please try again' },
  ])('$error.status -> $expected', ({ error, expected }) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });
});
