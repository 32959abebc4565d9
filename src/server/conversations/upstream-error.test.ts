import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts';
import { GatewayError, type GatewayErrorKind } from '../../gateway';
import { upstreamFailure } from './upstream-error';

describe('upstreamFailure', () => {
  it.each([
    ['rate_limit', 'openai', 429, 7, 7],
    ['unavailable', 'local', 503, 4, 4],
    ['unavailable', 'openai', 502, undefined, undefined],
    ['auth', 'anthropic', 502, undefined, undefined],
    ['bad_request', 'google', 502, undefined, undefined],
    ['timeout', 'openai', 502, undefined, undefined],
    ['address_refused', 'openai-compatible', 502, undefined, undefined],
  ] as const)('maps %s from %s to %i', (kind, provider, status, retryAfter, expectedRetryAfter) => {
    const failure = upstreamFailure(
      new GatewayError(kind as GatewayErrorKind, 'provider said: secret', { provider, retryAfterSeconds: retryAfter }),
    );
    expect(failure.status).toBe(status);
    expect(failure.retryAfterSeconds).toBe(expectedRetryAfter);
    expect(failure.message).not.toContain('secret');
  });

  it("says so when an organisation's base URL leads to an address the server may not reach", () => {
    const failure = upstreamFailure(
      new GatewayError('address_refused', 'openai: x.example resolves to 127.0.0.1', { provider: 'openai' }),
    );
    expect(failure).toMatchObject({ code: 'upstream_failed', status: 502, message: messages.providerAddressRefused });
  });

  it('treats anything else as a failed provider call', () => {
    expect(upstreamFailure(new Error('boom')).status).toBe(502);
  });
});
