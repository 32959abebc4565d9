/**
 * When a login attempt may have its password checked (docs/decisions/035). Failures are counted per
 * client address, per (username, address) and per username. The per-username count never refuses
 * an address that has not failed on that username, nor one its owner signed in from: so whoever
 * knows a username cannot keep its owner out, while guessing stays bounded per address.
 */
export interface LoginThrottleLimits {
  windowSeconds: number;
  /** Failures from one address, whatever the usernames: a spray, and the argon2 work one address can cause. */
  maxFailuresPerAddress: number;
  /** Failures on one username from one address. */
  maxFailuresPerUsernameAndAddress: number;
  /** Past this many failures on a username, an address that failed on it waits, unless its owner signed in from there. */
  maxFailuresPerUsername: number;
  /** Past this many failures on a username, only addresses its owner signed in from are checked. */
  knownAddressesOnlyAfter: number;
}

/** Times (epoch ms) of the recent failures that bear on one attempt, any order; older ones are ignored. */
export interface LoginFailureHistory {
  fromAddress: number[];
  forUsernameFromAddress: number[];
  forUsername: number[];
}

/** How many of each kind of failure a history needs to hold for the rules to decide. */
export function failuresToRead(limits: LoginThrottleLimits) {
  return {
    fromAddress: limits.maxFailuresPerAddress,
    forUsernameFromAddress: limits.maxFailuresPerUsernameAndAddress,
    forUsername: Math.max(limits.maxFailuresPerUsername, limits.knownAddressesOnlyAfter),
  };
}

function recentNewestFirst(times: number[], cutoff: number): number[] {
  return times.filter((at) => at > cutoff).sort((a, b) => b - a);
}

interface RecentFailures {
  address: number[];
  pair: number[];
  username: number[];
}

function recentFailures(history: LoginFailureHistory, limits: LoginThrottleLimits, now: number): RecentFailures {
  const cutoff = now - limits.windowSeconds * 1000;
  return {
    address: recentNewestFirst(history.fromAddress, cutoff),
    pair: recentNewestFirst(history.forUsernameFromAddress, cutoff),
    username: recentNewestFirst(history.forUsername, cutoff),
  };
}

/**
 * Whether the decision depends on the address being one the username's owner signed in from, so
 * the caller need only look that up when it does.
 */
export function knownAddressMatters(history: LoginFailureHistory, limits: LoginThrottleLimits, now: number): boolean {
  const recent = recentFailures(history, limits, now);
  return (
    recent.username.length >= limits.knownAddressesOnlyAfter ||
    (recent.username.length >= limits.maxFailuresPerUsername && recent.pair.length > 0)
  );
}

/** Seconds until the attempt may be checked, or 0 when it may be now. */
export function loginRetryAfterSeconds(
  history: LoginFailureHistory,
  limits: LoginThrottleLimits,
  addressKnown: boolean,
  now: number,
): number {
  const recent = recentFailures(history, limits, now);
  const windowMs = limits.windowSeconds * 1000;
  // A count stays at `count` or more until its count-th newest failure leaves the window.
  const until = (times: number[], count: number) => times[count - 1]! + windowMs - now;
  const waits: number[] = [];
  if (recent.address.length >= limits.maxFailuresPerAddress)
    waits.push(until(recent.address, limits.maxFailuresPerAddress));
  if (recent.pair.length >= limits.maxFailuresPerUsernameAndAddress)
    waits.push(until(recent.pair, limits.maxFailuresPerUsernameAndAddress));
  if (!addressKnown && recent.username.length >= limits.maxFailuresPerUsername && recent.pair.length > 0)
    // Free again when this address's own failures on the username leave, or the username's count drops.
    waits.push(Math.min(until(recent.pair, 1), until(recent.username, limits.maxFailuresPerUsername)));
  if (!addressKnown && recent.username.length >= limits.knownAddressesOnlyAfter)
    waits.push(until(recent.username, limits.knownAddressesOnlyAfter));
  if (waits.length === 0) return 0;
  return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
}
