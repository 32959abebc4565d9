import { describe, expect, it } from 'vitest';
import { errorKindForStatus, GatewayError, type GatewayErrorKind } from './gateway-error';

describe('errorKindForStatus', () => {
  it.each<[number, GatewayErrorKind]>([
    [400, 'bad_request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'bad_request'],
    [408, 'timeout'],
    [413, 'bad_request'],
    [422, 'bad_request'],
    [429, 'rate_limit'],
    [500, 'unavailable'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'timeout'],
    [529, 'unavailable'],
    [200, 'unknown'],
    [302, 'unknown'],
  ])('maps %i to %s', (status, kind) => {
    expect(errorKindForStatus(status)).toBe(kind);
  });
});

describe('GatewayError', () => {
  it.each<[GatewayErrorKind, boolean]>([
    ['auth', false],
    ['rate_limit', true],
    ['timeout', true],
    ['unavailable', true],
    ['bad_request', false],
    ['unknown', false],
  ])('%s is retryable: %s', (kind, retryable) => {
    expect(new GatewayError(kind, 'failure').isRetryable).toBe(retryable);
  });

  it('keeps status, provider, retry-after and cause', () => {
    const cause = new Error('upstream');
    const error = new GatewayError('rate_limit', 'slow down', {
      status: 429,
      provider: 'openai',
      retryAfterSeconds: 3,
      cause,
    });
    expect(error).toMatchObject({
      name: 'GatewayError',
      kind: 'rate_limit',
      status: 429,
      provider: 'openai',
      retryAfterSeconds: 3,
      cause,
    });
    expect(GatewayError.isGatewayError(error)).toBe(true);
    expect(GatewayError.isGatewayError(cause)).toBe(false);
  });
});
