import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestOnTheWire } from './request-on-the-wire';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

describe('requestOnTheWire', () => {
  it('ends the wait when fetch has sent a request, long before its answer and its own limit', async () => {
    let received = false;
    let answer: (() => void) | undefined;
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received = true;
        answer = () => response.end('late');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const waiting = requestOnTheWire(60_000);
    const responding = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      method: 'POST',
      body: '{"prompt":"hi"}',
    });
    await waiting;
    let answered = false;
    void responding.then(() => (answered = true));
    await expect.poll(() => received, { timeout: 30_000 }).toBe(true);
    expect(answered).toBe(false);
    answer!();
    expect(await (await responding).text()).toBe('late');
  });

  it('gives up waiting after its limit when no request is sent', async () => {
    const started = performance.now();
    await requestOnTheWire(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
