import { describe, expect, it } from 'vitest';
import { selectErrorMessage } from './api-error';

describe('selectErrorMessage (spec section 8 order)', () => {
  const cases: Array<{ name: string; error: unknown; body?: unknown; expected: string }> = [
    {
      name: 'detail.error.message wins over everything',
      error: new Error('own'),
      body: { detail: { error: { message: 'nested' } }, message: 'top' },
      expected: 'nested',
    },
    {
      name: 'then body.message',
      error: new Error('own'),
      body: { message: 'top', detail: 'detail text' },
      expected: 'top',
    },
    {
      name: 'then body.detail as a string',
      error: new Error('own'),
      body: { detail: 'detail text' },
      expected: 'detail text',
    },
    { name: "then the error's own message", error: new Error('own'), body: { detail: { other: 1 } }, expected: 'own' },
    { name: 'then the value itself when a string', error: 'plain text', expected: 'plain text' },
    {
      name: 'blank texts are skipped',
      error: new Error(''),
      body: { message: '  ' },
      expected: 'Oops, something went wrong',
    },
    { name: 'else the generic text', error: 42, expected: 'Oops, something went wrong' },
  ];

  it.each(cases)('$name', ({ error, body, expected }) => {
    expect(selectErrorMessage(error, body)).toBe(expected);
  });
});
