import { describe, expect, it } from 'vitest';
import { failOnConsoleOutput } from '../../testing/fail-on-console-output';
import { createGenerationQueue, QueueFullError } from './generation-queue';

failOnConsoleOutput();

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createGenerationQueue', () => {
  it('grants the slot at once when idle, then in arrival order', async () => {
    const queue = createGenerationQueue({ maxWaiting: 8 });
    const granted: string[] = [];
    const releaseFirst = await queue.acquire();
    const waiting = ['second', 'third'].map((name) =>
      queue.acquire().then((release) => {
        granted.push(name);
        return release;
      }),
    );
    await settle();
    expect(granted).toEqual([]);
    expect(queue.waiting).toBe(2);
    releaseFirst();
    const releaseSecond = await waiting[0]!;
    await settle();
    expect(granted).toEqual(['second']);
    releaseSecond();
    (await waiting[1]!)();
    expect(granted).toEqual(['second', 'third']);
    expect(queue.busy).toBe(false);
  });

  it('refuses a caller past the bound of waiting callers, and accepts one again once there is room', async () => {
    const queue = createGenerationQueue({ maxWaiting: 2 });
    const release = await queue.acquire();
    const waiting = [queue.acquire(), queue.acquire()];
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.waiting).toBe(2);
    release();
    await waiting[0]!;
    expect(queue.waiting).toBe(1);
    const again = queue.acquire();
    expect(queue.waiting).toBe(2);
    (await waiting[0]!)();
    (await waiting[1]!)();
    (await again)();
    expect(queue.busy).toBe(false);
  });

  it('with no room to wait, only the running caller is admitted', async () => {
    const queue = createGenerationQueue({ maxWaiting: 0 });
    const release = await queue.acquire();
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFullError);
    release();
    (await queue.acquire())();
  });

  it('drops a caller whose signal aborts while it waits and hands the slot to the next', async () => {
    const queue = createGenerationQueue({ maxWaiting: 8 });
    const release = await queue.acquire();
    const controller = new AbortController();
    const abandoned = queue.acquire(controller.signal);
    const next = queue.acquire();
    controller.abort(new Error('caller left'));
    await expect(abandoned).rejects.toThrow('caller left');
    expect(queue.waiting).toBe(1);
    release();
    (await next)();
    expect(queue.busy).toBe(false);
  });

  it('rejects an already aborted caller without taking the slot', async () => {
    const queue = createGenerationQueue({ maxWaiting: 8 });
    await expect(queue.acquire(AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    expect(queue.busy).toBe(false);
  });

  it('ignores a second release of the same turn', async () => {
    const queue = createGenerationQueue({ maxWaiting: 8 });
    const release = await queue.acquire();
    const second = queue.acquire();
    const third = queue.acquire();
    release();
    release();
    await second;
    await settle();
    expect(queue.waiting).toBe(1);
    (await second)();
    (await third)();
  });
});
