import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts';
import { GatewayError, modelCatalog, type GatewayErrorKind } from '../../gateway';
import { DeadlinePassed } from './call-deadlines';
import { streamFailure, upstreamFailure } from './call-errors';

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

  it('tells a passed deadline apart: 504 before the first token, a silence after it, each naming the deadline', () => {
    const model = modelCatalog.find((candidate) => candidate.id === 'openai/gpt-4o-mini')!;
    const beforeFirstToken = upstreamFailure(new DeadlinePassed(model, 'first_token', 2_000));
    expect(beforeFirstToken).toMatchObject({
      code: 'upstream_timeout',
      status: 504,
      message: messages.upstreamTimedOut,
      deadline: { kind: 'first_token', ms: 2_000 },
    });
    expect(streamFailure(new DeadlinePassed(model, 'between_tokens', 30_000))).toEqual({
      code: 'upstream_timeout',
      message: messages.upstreamStalled,
      deadline: { kind: 'between_tokens', ms: 30_000 },
    });
    // Any other failure after the first byte keeps its own code and carries no deadline.
    expect(streamFailure(new GatewayError('unavailable', 'down', { provider: 'openai' }))).toEqual({
      code: 'upstream_failed',
      message: messages.upstreamFailed,
    });
  });
});
