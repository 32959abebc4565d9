/**
 * Runs tasks one at a time across this origin's tabs: with the Web Locks API where the browser has
 * it, otherwise over a BroadcastChannel on which a tab announces the task it runs, so the others
 * wait for it to finish. The channel cannot stop two tabs that start at the very same moment; the
 * server's reuse grace covers that (docs/decisions/036). Waiting is bounded: past `maxWaitMs` the
 * task runs anyway rather than hang a tab behind another that froze. (Browsers offer Web Locks only
 * to secure contexts: a page served over plain HTTP from another host uses the channel.)
 */
export interface CrossTabLock {
  run<Result>(task: () => Promise<Result>): Promise<Result>;
}

/** The parts of the Web Locks API used here. */
export interface LockManagerLike {
  request<Result>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<Result>): Promise<Result>;
}

/** The parts of BroadcastChannel used here. */
interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface CrossTabLockOptions {
  locks?: LockManagerLike;
  openChannel?: (name: string) => ChannelLike;
  maxWaitMs?: number;
}

interface Announcement {
  kind: 'started' | 'finished';
  runId: string;
}

export function createCrossTabLock(name: string, options: CrossTabLockOptions = browserLockOptions()): CrossTabLock {
  const maxWaitMs = options.maxWaitMs ?? 15_000;
  if (options.locks) return withWebLocks(name, options.locks, maxWaitMs);
  if (options.openChannel) return withChannel(options.openChannel(name), maxWaitMs);
  return inThisTabOnly();
}

function browserLockOptions(): CrossTabLockOptions {
  const locks = typeof navigator !== 'undefined' ? (navigator.locks as LockManagerLike | undefined) : undefined;
  const openChannel =
    typeof BroadcastChannel !== 'undefined' ? (channelName: string) => new BroadcastChannel(channelName) : undefined;
  return { locks, openChannel };
}

function withWebLocks(name: string, locks: LockManagerLike, maxWaitMs: number): CrossTabLock {
  return {
    async run(task) {
      let started = false;
      try {
        return await locks.request(name, { signal: AbortSignal.timeout(maxWaitMs) }, () => {
          started = true;
          return task();
        });
      } catch (error) {
        // Waited too long for the lock (another tab stuck): go ahead alone.
        if (!started && (error as { name?: unknown } | null)?.name === 'TimeoutError') return task();
        throw error;
      }
    },
  };
}

function withChannel(channel: ChannelLike, maxWaitMs: number): CrossTabLock {
  const runningElsewhere = new Map<string, number>();
  const idle = new Set<() => void>();
  const local = inThisTabOnly();
  // Listening from the start: a tab must know of a task another tab began before this one needed it.
  channel.addEventListener('message', (event) => {
    const announcement = event.data as Partial<Announcement> | null;
    if (typeof announcement?.runId !== 'string') return;
    if (announcement.kind === 'started') runningElsewhere.set(announcement.runId, Date.now());
    if (announcement.kind === 'finished') runningElsewhere.delete(announcement.runId);
    if (runningElsewhere.size === 0) for (const wake of [...idle]) wake();
  });

  function othersIdle(): Promise<void> {
    // A tab closed in the middle never says it finished.
    for (const [runId, startedAt] of runningElsewhere)
      if (Date.now() - startedAt > maxWaitMs) runningElsewhere.delete(runId);
    if (runningElsewhere.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        idle.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      idle.add(done);
    });
  }

  return {
    run(task) {
      return local.run(async () => {
        await othersIdle();
        // Not crypto.randomUUID: like Web Locks, it needs a secure context, and this is the fallback for pages without one.
        const runId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
        channel.postMessage({ kind: 'started', runId } satisfies Announcement);
        try {
          return await task();
        } finally {
          channel.postMessage({ kind: 'finished', runId } satisfies Announcement);
        }
      });
    },
  };
}

/** One task at a time within this tab. */
function inThisTabOnly(): CrossTabLock {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = queue.then(task, task);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
