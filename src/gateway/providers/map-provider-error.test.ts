import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { GatewayError } from './gateway-error';
import { toGatewayError } from './map-provider-error';

function apiCallError(
  statusCode: number | undefined,
  options: { headers?: Record<string, string>; cause?: unknown; isRetryable?: boolean } = {},
) {
  return new APICallError({
    message: 'provider said no',
    url: 'http://provider.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: options.headers,
    cause: options.cause,
    isRetryable: options.isRetryable,
  });
}

function terminated(): TypeError {
  const socketError = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  return new TypeError('terminated', { cause: socketError });
}

describe('toGatewayError', () => {
  it.each([
    ['an HTTP 401', apiCallError(401), { kind: 'auth', status: 401, isRetryable: false }],
    ['an HTTP 429', apiCallError(429), { kind: 'rate_limit', status: 429, isRetryable: true }],
    ['an HTTP 500', apiCallError(500), { kind: 'unavailable', status: 500, isRetryable: true }],
    ['an HTTP 400', apiCallError(400), { kind: 'bad_request', status: 400, isRetryable: false }],
    [
      'no answer at all (connection refused)',
      apiCallError(undefined, { isRetryable: true }),
      { kind: 'unavailable', status: undefined },
    ],
    [
      'a kept-alive connection closed before any answer',
      apiCallError(undefined, {
        isRetryable: true,
        cause: new TypeError('fetch failed', { cause: terminated().cause }),
      }),
      { kind: 'unavailable', status: undefined, unanswered: true },
    ],
    [
      'a body cut off after a 200',
      apiCallError(200, { cause: terminated() }),
      { kind: 'unavailable', status: undefined, unanswered: false },
    ],
    ['a bare terminated fetch', terminated(), { kind: 'unavailable', isRetryable: true }],
    [
      'a retry error',
      new RetryError({ message: 'gave up', reason: 'maxRetriesExceeded', errors: [apiCallError(429)] }),
      { kind: 'rate_limit', status: 429 },
    ],
    [
      'an Anthropic overloaded event',
      { type: 'overloaded_error', message: 'Overloaded' },
      { kind: 'unavailable', message: 'anthropic: Overloaded' },
    ],
    [
      'an OpenAI in-stream error',
      { message: 'Rate limit', type: 'requests', code: 'rate_limit_exceeded' },
      { kind: 'rate_limit' },
    ],
    ['a timeout', new DOMException('timed out', 'TimeoutError'), { kind: 'timeout', isRetryable: true }],
    ['something unknown', new Error('boom'), { kind: 'unknown', isRetryable: false, message: 'anthropic: boom' }],
  ])('maps %s', (_name, error, expected) => {
    const mapped = toGatewayError(error, 'anthropic');
    expect(mapped).toBeInstanceOf(GatewayError);
    expect(mapped).toMatchObject({ provider: 'anthropic', ...expected });
  });

  it('reads Retry-After seconds and ignores a date or garbage', () => {
    expect(toGatewayError(apiCallError(429, { headers: { 'retry-after': '7' } }), 'openai').retryAfterSeconds).toBe(7);
    expect(
      toGatewayError(apiCallError(429, { headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } }), 'openai')
        .retryAfterSeconds,
    ).toBeUndefined();
  });

  it('passes a GatewayError through unchanged', () => {
    const original = new GatewayError('auth', 'no key');
    expect(toGatewayError(original, 'openai')).toBe(original);
  });
});
