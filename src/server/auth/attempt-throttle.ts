/**
 * Counts attempts per subject (a username, an e-mail address) and per client address in a
 * sliding window: failed logins, password-reset e-mails. Kept in memory: one process serves
 * the product; a restart forgives, which the window would do anyway.
 */
export interface AttemptThrottleLimits {
  maxPerSubject: number;
  maxPerAddress: number;
  windowSeconds: number;
}

const maxTrackedKeys = 50_000;

export function createAttemptThrottle(limits: AttemptThrottleLimits, now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();
  const windowMs = limits.windowSeconds * 1000;

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const kept = (attempts.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  }

  function keysFor(subject: string, address: string) {
    return { subject: `subject:${subject.trim().toLowerCase()}`, address: `address:${address}` };
  }

  return {
    /** Seconds until a new attempt is allowed, or 0 when it may go ahead. */
    retryAfterSeconds(subject: string, address: string): number {
      const keys = keysFor(subject, address);
      const checks: [string, number][] = [
        [keys.subject, limits.maxPerSubject],
        [keys.address, limits.maxPerAddress],
      ];
      let wait = 0;
      for (const [key, limit] of checks) {
        const recorded = recent(key);
        if (recorded.length >= limit) {
          const oldestThatCounts = recorded[recorded.length - limit]!;
          wait = Math.max(wait, Math.ceil((oldestThatCounts + windowMs - now()) / 1000));
        }
      }
      return wait;
    },
    record(subject: string, address: string): void {
      const keys = keysFor(subject, address);
      // Keys are only pruned when read; a flood of distinct addresses must not grow memory for ever.
      if (attempts.size > maxTrackedKeys) for (const key of [...attempts.keys()]) recent(key);
      for (const key of [keys.subject, keys.address]) attempts.set(key, [...recent(key), now()]);
    },
    /** Clears the subject's count, not the address's: one good login must not reset a spray. */
    forgiveSubject(subject: string, address: string): void {
      attempts.delete(keysFor(subject, address).subject);
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;
