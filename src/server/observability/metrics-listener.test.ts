import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsListener, type MetricsListener } from './metrics-listener';

describe('the metrics listener', () => {
  let listener: MetricsListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });
  const registry = () => {
    const metrics = new Registry();
    metrics.registerMetric(new Counter({ name: 'probe_total', help: 'A probe', registers: [] }));
    return metrics;
  };

  it('is bound where it is told (localhost by default) and answers only GET /metrics', async () => {
    listener = await startMetricsListener(registry(), { host: '127.0.0.1', port: 0, token: undefined });
    expect(new URL(listener.url).hostname).toBe('127.0.0.1');
    const scraped = await fetch(listener.url);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('probe_total 0');
    expect((await fetch(listener.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });

  it('asks for the bearer token when one is set, and refuses a wrong one', async () => {
    const token = 'a-long-scrape-token-0123';
    listener = await startMetricsListener(registry(), { host: '127.0.0.1', port: 0, token });
    expect((await fetch(listener.url)).status).toBe(401);
    expect((await fetch(listener.url, { headers: { authorization: 'Bearer a-long-scrape-token-0124' } })).status).toBe(
      401,
    );
    const scraped = await fetch(listener.url, { headers: { authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('probe_total');
  });
});
