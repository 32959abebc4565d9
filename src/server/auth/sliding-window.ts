/**
 * Counts events per key (a client address, a username, an e-mail address) in a sliding window.
 * Kept in memory: one process serves the product, and a restart forgives what the window would
 * forgive anyway (docs/decisions/003).
 */
export interface SlidingWindowLimit {
  /** Events a key may have within the window; the next one waits. */
  max: number;
  windowSeconds: number;
}

export interface SlidingWindow {
  /** Seconds until the key may have another event, or 0 when it may now. */
  retryAfterSeconds(key: string): number;
  record(key: string): void;
  /**
   * Records an event for the key when it is allowed and answers 0, or answers the seconds to wait
   * and records nothing. Check and record happen together, so simultaneous requests cannot all
   * slip under the limit.
   */
  admit(key: string): number;
  forget(key: string): void;
}

const maxTrackedKeys = 50_000;

export function createSlidingWindow(limit: SlidingWindowLimit, now: () => number = Date.now): SlidingWindow {
  const events = new Map<string, number[]>();
  const windowMs = limit.windowSeconds * 1000;

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const kept = (events.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) events.delete(key);
    else events.set(key, kept);
    return kept;
  }

  function retryAfterSeconds(key: string): number {
    const recorded = recent(key);
    if (recorded.length < limit.max) return 0;
    const oldestThatCounts = recorded[recorded.length - limit.max]!;
    return Math.max(1, Math.ceil((oldestThatCounts + windowMs - now()) / 1000));
  }

  function record(key: string): void {
    // Keys are only pruned when read; a flood of distinct keys must not grow memory for ever.
    if (events.size > maxTrackedKeys) for (const tracked of [...events.keys()]) recent(tracked);
    events.set(key, [...recent(key), now()]);
  }

  return {
    retryAfterSeconds,
    record,
    admit(key) {
      const wait = retryAfterSeconds(key);
      if (wait === 0) record(key);
      return wait;
    },
    forget(key) {
      events.delete(key);
    },
  };
}
