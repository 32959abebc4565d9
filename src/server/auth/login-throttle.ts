import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import {
  deleteLoginFailure,
  deleteLoginFailuresOf,
  insertLoginFailure,
  readLoginFailures,
  type LoginFailureKey,
} from './login-failure-repository';
import {
  failuresToRead,
  knownAddressMatters,
  loginRetryAfterSeconds,
  type LoginFailureHistory,
  type LoginThrottleLimits,
} from './login-throttle-rules';
import { hasSignedInFrom } from './session-repository';

/** How long a sign-in from an address makes it one its owner uses, for the throttle. */
const knownAddressDays = 90;

/** An attempt admitted to have its password checked; it counts as a failure until settled otherwise. */
interface LoginAttempt {
  id: string;
  key: LoginFailureKey;
}

/**
 * How an admitted attempt ended: `failed` (wrong password or code, unknown user: it stays counted),
 * `succeeded` (signed in: it and the earlier failures on the username from the address are
 * forgiven), `withdrawn` (ended for another reason, e.g. a code still to give: it does not count).
 */
export type LoginOutcome = 'failed' | 'succeeded' | 'withdrawn';

export interface LoginThrottle {
  /** Admits an attempt, or answers the seconds to wait. Nothing is hashed before this says yes. */
  admit(username: string, clientAddress: string): Promise<LoginAttempt | { retryAfterSeconds: number }>;
  settle(attempt: LoginAttempt, outcome: LoginOutcome): Promise<void>;
}

/**
 * The login throttle (docs/decisions/035), kept in the database so every instance counts the same
 * failures. An attempt is counted before its password is checked and judged with the others
 * counted by then: simultaneous attempts cannot all slip under a limit, so one address can never
 * make the server check more passwords than its limits allow.
 */
export function createLoginThrottle(options: {
  db: Database;
  limits: LoginThrottleLimits;
  logger: Logger;
  now?: () => number;
}): LoginThrottle {
  const { db, limits, logger } = options;
  const now = options.now ?? Date.now;
  const counts = failuresToRead(limits);

  async function waitFor(username: string, key: LoginFailureKey, history: LoginFailureHistory, at: number) {
    const known =
      knownAddressMatters(history, limits, at) &&
      (await hasSignedInFrom(db, username, key.clientAddress, new Date(at - knownAddressDays * 86_400_000)));
    return loginRetryAfterSeconds(history, limits, known, at);
  }

  return {
    async admit(username, clientAddress) {
      const key = { usernameHash: hashUsername(username), clientAddress };
      const at = now();
      const since = new Date(at - limits.windowSeconds * 1000);
      // Refused at once when already over, without writing anything.
      const before = await readLoginFailures(db, key, { since, counts });
      const refused = await waitFor(username, key, before, at);
      if (refused > 0) return { retryAfterSeconds: refused };
      const id = await insertLoginFailure(db, key, new Date(at), since);
      // Judged again with every attempt counted by now, this one left out: the last of several to
      // read sees all the others, so together they stay within the limits.
      const during = await readLoginFailures(db, key, { since, counts, excludeId: id });
      const wait = await waitFor(username, key, during, at);
      if (wait === 0) return { id, key };
      await deleteLoginFailure(db, id);
      return { retryAfterSeconds: wait };
    },
    async settle(attempt, outcome) {
      if (outcome === 'failed') return;
      try {
        if (outcome === 'succeeded') await deleteLoginFailuresOf(db, attempt.key);
        else await deleteLoginFailure(db, attempt.id);
      } catch (error) {
        // The sign-in stands; the attempt just stays counted as a failure until the window passes.
        logger.error({ err: error }, 'could not settle a login attempt');
      }
    },
  };
}

/** Usernames are compared as the login compares them; only a hash is stored (it may be anything typed). */
function hashUsername(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex');
}
