import { describe, expect, it, vi } from 'vitest';
import { createCrossTabLock, type LockManagerLike } from './cross-tab-lock';

/** Exclusive locks by name shared by the "tabs" of a test, as the browser shares navigator.locks. */
function fakeLockManager(): LockManagerLike {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name, options, callback) {
      const previous = queues.get(name) ?? Promise.resolve();
      let granted = false;
      const waitedOut = new Promise<never>((_, reject) =>
        options.signal?.addEventListener('abort', () => {
          if (!granted) reject(options.signal!.reason);
        }),
      );
      const result = Promise.race([
        previous.then(() => {
          granted = true;
          return callback();
        }),
        waitedOut,
      ]);
      queues.set(
        name,
        previous.then(() => result).catch(() => undefined),
      );
      return result;
    },
  };
}

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Records when each tab's task starts and ends, to show they never overlap. */
function journal() {
  const events: string[] = [];
  const task = (tab: string, until: Promise<void>) => async () => {
    events.push(`${tab} start`);
    await until;
    events.push(`${tab} end`);
    return tab;
  };
  return { events, task };
}

describe('cross-tab lock', () => {
  it('with Web Locks, a second tab waits for the first even when both start at once', async () => {
    const locks = fakeLockManager();
    const [first, second] = [createCrossTabLock('refresh', { locks }), createCrossTabLock('refresh', { locks })];
    const { events, task } = journal();
    const release = gate();
    const both = Promise.all([first.run(task('A', release.opened)), second.run(task('B', Promise.resolve()))]);
    await vi.waitFor(() => expect(events).toEqual(['A start']));
    release.open();
    await expect(both).resolves.toEqual(['A', 'B']);
    expect(events).toEqual(['A start', 'A end', 'B start', 'B end']);
  });

  it('with Web Locks, a tab stuck holding the lock delays the others only up to the bound', async () => {
    const locks = fakeLockManager();
    const stuck = createCrossTabLock('refresh', { locks, maxWaitMs: 50 });
    const waiting = createCrossTabLock('refresh', { locks, maxWaitMs: 50 });
    void stuck.run(() => new Promise(() => {}));
    await expect(waiting.run(async () => 'went ahead')).resolves.toBe('went ahead');
  });

  it('over a BroadcastChannel, a tab that starts while another runs waits for it to finish', async () => {
    const name = `refresh-${Math.random()}`;
    const channels: BroadcastChannel[] = [];
    const openChannel = (channelName: string) => {
      const channel = new BroadcastChannel(channelName);
      channels.push(channel);
      return channel;
    };
    const first = createCrossTabLock(name, { openChannel });
    const second = createCrossTabLock(name, { openChannel });
    const { events, task } = journal();
    const release = gate();
    const firstRun = first.run(task('A', release.opened));
    await vi.waitFor(() => expect(events).toEqual(['A start']));
    // Give the announcement time to arrive, then start the second tab's task.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const secondRun = second.run(task('B', Promise.resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['A start']);
    release.open();
    await Promise.all([firstRun, secondRun]);
    expect(events).toEqual(['A start', 'A end', 'B start', 'B end']);
    for (const channel of channels) channel.close();
  });

  it('over a BroadcastChannel, a tab that announced and vanished delays the others only up to the bound', async () => {
    const name = `refresh-${Math.random()}`;
    const vanished = new BroadcastChannel(name);
    const channels: BroadcastChannel[] = [vanished];
    const waiting = createCrossTabLock(name, {
      maxWaitMs: 50,
      openChannel: (channelName) => {
        const channel = new BroadcastChannel(channelName);
        channels.push(channel);
        return channel;
      },
    });
    vanished.postMessage({ kind: 'started', runId: 'closed-tab' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await expect(waiting.run(async () => 'went ahead')).resolves.toBe('went ahead');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    for (const channel of channels) channel.close();
  });

  it('without either, runs one task at a time within the tab, a failure not blocking the next', async () => {
    const lock = createCrossTabLock('refresh', {});
    const { events, task } = journal();
    const release = gate();
    const failing = lock.run(async () => {
      throw new Error('refresh failed');
    });
    const runs = Promise.all([lock.run(task('A', release.opened)), lock.run(task('B', Promise.resolve()))]);
    await expect(failing).rejects.toThrow('refresh failed');
    await vi.waitFor(() => expect(events).toEqual(['A start']));
    release.open();
    await runs;
    expect(events).toEqual(['A start', 'A end', 'B start', 'B end']);
  });
});
