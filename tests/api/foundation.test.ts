import { describe, expect, inject, it } from 'vitest';
import { api } from './support/client';

describe('server foundations', () => {
  it('answers healthz and readyz', async () => {
    expect((await api('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await api('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.database).toBe(inject('databaseKind'));
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const answer = await api('/does/not/exist');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', message: expect.any(String), detail: expect.any(String) });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const answer = await api('/auth/login', { rawBody: '{"username": "x", ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'malformed_json', message: 'Malformed JSON in request body' });
  });

  it('answers oversized bodies with 413', async () => {
    const answer = await api('/auth/login', {
      rawBody: JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
  });

  it('sends security headers, a request id, and no CORS headers by default', async () => {
    const answer = await api('/healthz', { headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the public plans for the pricing page', async () => {
    const answer = await api('/subscription/plans');
    expect(answer.status).toBe(200);
    expect(answer.body.plans[0]).toMatchObject({
      id: 'free',
      name: 'Free Trial',
      price: 0,
      currency: 'USD',
      billing_cycle: 'monthly',
    });
    expect(answer.body.plans.length).toBeGreaterThan(1);
  });
});
