import { describe, expect, it } from 'vitest';
import {
  failuresToRead,
  knownAddressMatters,
  loginRetryAfterSeconds,
  type LoginFailureHistory,
  type LoginThrottleLimits,
} from './login-throttle-rules';

const limits: LoginThrottleLimits = {
  windowSeconds: 900,
  maxFailuresPerAddress: 30,
  maxFailuresPerUsernameAndAddress: 5,
  maxFailuresPerUsername: 10,
  knownAddressesOnlyAfter: 50,
};
const now = 10_000_000;
/** `count` failures, the newest `secondsAgo` seconds ago and each earlier one a second before the next. */
const failures = (count: number, secondsAgo = 0) =>
  Array.from({ length: count }, (_, index) => now - (secondsAgo + index) * 1000);

interface Case {
  name: string;
  address?: number[];
  pair?: number[];
  username?: number[];
  known?: boolean;
  wait: number;
}

// Failures on the username from this address are also failures from the address and on the username;
// each case lists the three counts as the database would hold them.
const cases: Case[] = [
  { name: 'nothing recent', wait: 0 },
  { name: 'the pair under its limit', address: failures(4), pair: failures(4), username: failures(4), wait: 0 },
  { name: 'the pair at its limit', address: failures(5), pair: failures(5), username: failures(5), wait: 896 },
  {
    name: 'the pair at its limit, from an address the owner signed in from',
    address: failures(5),
    pair: failures(5),
    username: failures(5),
    known: true,
    wait: 896,
  },
  {
    name: 'the pair at its limit, the oldest about to leave',
    address: failures(5, 100),
    pair: failures(5, 100),
    username: failures(5, 100),
    wait: 796,
  },
  {
    name: 'failures older than the window',
    address: failures(40, 900),
    pair: failures(40, 900),
    username: failures(60, 900),
    wait: 0,
  },
  { name: 'the address at its limit, spraying', address: failures(30), wait: 871 },
  { name: 'the address under its limit', address: failures(29), wait: 0 },
  {
    name: 'the username attacked elsewhere, this address clean',
    address: failures(0),
    pair: [],
    username: failures(49),
    wait: 0,
  },
  {
    name: 'the username attacked, this address failed on it once',
    address: failures(1, 30),
    pair: failures(1, 30),
    username: failures(12),
    // Free when its own failure leaves (870 s) or the username drops under 10 (the 10th newest leaves at 891 s).
    wait: 870,
  },
  {
    name: 'the username attacked, this address failed once, the attack older than its failure',
    address: failures(1, 0),
    pair: failures(1, 0),
    username: [...failures(1, 0), ...failures(11, 600)],
    // The username's 10th newest failure is 608 s old: it leaves in 292 s, before this address's own.
    wait: 292,
  },
  {
    name: 'the username attacked, this address failed once but its owner signed in from it',
    address: failures(1),
    pair: failures(1),
    username: failures(12),
    known: true,
    wait: 0,
  },
  {
    name: 'the username attacked, this address failed once, under 10 on the username',
    address: failures(1),
    pair: failures(1),
    username: failures(9),
    wait: 0,
  },
  { name: 'the username past 50, this address clean and unknown', username: failures(50), wait: 851 },
  { name: 'the username past 50, this address known', username: failures(50), known: true, wait: 0 },
  { name: 'the username at 49, this address clean and unknown', username: failures(49), wait: 0 },
  {
    name: 'several rules at once: the longest wait',
    address: failures(30, 200),
    pair: failures(5),
    username: failures(50),
    wait: 896,
  },
];

describe('login throttle rules', () => {
  it.each(cases)('$name: wait $wait s', ({ address = [], pair = [], username = [], known = false, wait }) => {
    const history: LoginFailureHistory = { fromAddress: address, forUsernameFromAddress: pair, forUsername: username };
    expect(loginRetryAfterSeconds(history, limits, known, now)).toBe(wait);
  });

  it('needs the known-address look-up only when the answer depends on it', () => {
    const matters = (history: Partial<LoginFailureHistory>) =>
      knownAddressMatters({ fromAddress: [], forUsernameFromAddress: [], forUsername: [], ...history }, limits, now);
    expect(matters({})).toBe(false);
    expect(matters({ forUsername: failures(12) })).toBe(false);
    expect(matters({ forUsername: failures(12), forUsernameFromAddress: failures(1) })).toBe(true);
    expect(matters({ forUsername: failures(9), forUsernameFromAddress: failures(1) })).toBe(false);
    expect(matters({ forUsername: failures(50) })).toBe(true);
    expect(matters({ forUsername: failures(50, 900) })).toBe(false);
    // Wherever it matters, a known address is never waited on longer than an unknown one.
    for (const { address = [], pair = [], username = [] } of cases) {
      const history = { fromAddress: address, forUsernameFromAddress: pair, forUsername: username };
      expect(loginRetryAfterSeconds(history, limits, true, now)).toBeLessThanOrEqual(
        loginRetryAfterSeconds(history, limits, false, now),
      );
      if (!knownAddressMatters(history, limits, now))
        expect(loginRetryAfterSeconds(history, limits, true, now)).toBe(
          loginRetryAfterSeconds(history, limits, false, now),
        );
    }
  });

  it('reads as many failures of each kind as the rules can use', () => {
    expect(failuresToRead(limits)).toEqual({ fromAddress: 30, forUsernameFromAddress: 5, forUsername: 50 });
    expect(failuresToRead({ ...limits, knownAddressesOnlyAfter: 5 }).forUsername).toBe(10);
  });
});
