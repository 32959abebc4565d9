import { createSlidingWindow } from './sliding-window';

/**
 * Counts failed logins per subject (a username) and per client address in one sliding window;
 * either reaching its limit holds the next attempt back.
 */
export interface AttemptThrottleLimits {
  maxPerSubject: number;
  maxPerAddress: number;
  windowSeconds: number;
}

export function createAttemptThrottle(limits: AttemptThrottleLimits, now: () => number = Date.now) {
  const perSubject = createSlidingWindow({ max: limits.maxPerSubject, windowSeconds: limits.windowSeconds }, now);
  const perAddress = createSlidingWindow({ max: limits.maxPerAddress, windowSeconds: limits.windowSeconds }, now);
  const subjectKey = (subject: string) => subject.trim().toLowerCase();

  return {
    /** Seconds until a new attempt is allowed, or 0 when it may go ahead. */
    retryAfterSeconds(subject: string, address: string): number {
      return Math.max(perSubject.retryAfterSeconds(subjectKey(subject)), perAddress.retryAfterSeconds(address));
    },
    record(subject: string, address: string): void {
      perSubject.record(subjectKey(subject));
      perAddress.record(address);
    },
    /** Clears the subject's count, not the address's: one good login must not reset a spray. */
    forgiveSubject(subject: string): void {
      perSubject.forget(subjectKey(subject));
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;
