/**
 * Counts failed logins per username and per client address in a sliding window. Kept in memory:
 * one process serves the product; a restart forgives, which the window would do anyway.
 */
export interface LoginThrottleLimits {
  maxFailuresPerUsername: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

export function createLoginThrottle(limits: LoginThrottleLimits, now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const windowMs = limits.windowSeconds * 1000;

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  function keysFor(username: string, address: string) {
    return { user: `user:${username.trim().toLowerCase()}`, address: `address:${address}` };
  }

  return {
    /** Seconds until a new attempt is allowed, or 0 when it may go ahead. */
    retryAfterSeconds(username: string, address: string): number {
      const keys = keysFor(username, address);
      const checks: [string, number][] = [
        [keys.user, limits.maxFailuresPerUsername],
        [keys.address, limits.maxFailuresPerAddress],
      ];
      let wait = 0;
      for (const [key, limit] of checks) {
        const attempts = recent(key);
        if (attempts.length >= limit) {
          const oldestThatCounts = attempts[attempts.length - limit]!;
          wait = Math.max(wait, Math.ceil((oldestThatCounts + windowMs - now()) / 1000));
        }
      }
      return wait;
    },
    recordFailure(username: string, address: string): void {
      const keys = keysFor(username, address);
      for (const key of [keys.user, keys.address]) failures.set(key, [...recent(key), now()]);
    },
    /** A success clears the username's count, not the address's: one good login must not reset a spray. */
    recordSuccess(username: string, address: string): void {
      failures.delete(keysFor(username, address).user);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
