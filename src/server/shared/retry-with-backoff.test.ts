import { describe, expect, it } from 'vitest';
import { delayAfterFailure, retryWithBackoff, withDeadline } from './retry-with-backoff';

const backoff = { firstDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 8 };

describe('retrying with back-off', () => {
  it('waits 1 s, doubling, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => delayAfterFailure(backoff, failures))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('tries again after each failure until one succeeds, telling of each failure once', async () => {
    const heard: [string, number, number | undefined][] = [];
    let tries = 0;
    const result = await retryWithBackoff(
      async () => {
        tries += 1;
        if (tries < 3) throw new Error(`failure ${tries}`);
      },
      {
        backoff: { firstDelayMs: 5, maxDelayMs: 8, maxAttempts: 5 },
        onFailure: (error, attempt, retryInMs) => heard.push([(error as Error).message, attempt, retryInMs]),
      },
    );
    expect(result).toEqual({ outcome: 'succeeded', attempts: 3 });
    expect(heard).toEqual([
      ['failure 1', 1, 5],
      ['failure 2', 2, 8],
    ]);
  });

  it('gives up after the last try, saying no further try follows', async () => {
    const heard: (number | undefined)[] = [];
    const result = await retryWithBackoff(
      async () => {
        throw new Error('never');
      },
      {
        backoff: { firstDelayMs: 1, maxDelayMs: 1, maxAttempts: 3 },
        onFailure: (_e, _a, retryIn) => heard.push(retryIn),
      },
    );
    expect(result).toEqual({ outcome: 'gave_up', attempts: 3 });
    expect(heard).toEqual([1, 1, undefined]);
  });

  it('stops during a wait when aborted, without another try', async () => {
    const stop = new AbortController();
    let tries = 0;
    const running = retryWithBackoff(
      async () => {
        tries += 1;
        throw new Error('down');
      },
      {
        backoff: { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 5 },
        signal: stop.signal,
        onFailure: () => stop.abort(),
      },
    );
    expect(await running).toEqual({ outcome: 'stopped', attempts: 1 });
    expect(tries).toBe(1);
  });

  it('gives work a deadline', async () => {
    await expect(withDeadline(new Promise(() => undefined), 10, 'loading')).rejects.toThrow(
      'loading did not finish within 0 s',
    );
    await expect(withDeadline(Promise.resolve(7), 1000, 'loading')).resolves.toBe(7);
  });
});
