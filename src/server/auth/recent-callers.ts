import type { Caller } from '../http/context';

export interface RecentCallersOptions {
  /** How long a looked-up caller may stand in for the database's answer while it is being checked again. */
  maxAgeMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/**
 * Callers this instance looked up recently, by sign-in (session id). Never a substitute for the
 * check: a chat message starts its model call with the caller remembered here while the database
 * confirms the sign-in, and nothing is saved or answered before it has (docs/decisions/013).
 */
export interface RecentCallers {
  /** The remembered caller for these verified claims, when it is recent enough and was seen from this client address. */
  get(claims: { userId: string; orgId: string; sessionId: string }, clientAddress?: string): Caller | undefined;
  remember(caller: Caller, clientAddress?: string): void;
  forget(sessionId: string): void;
  /** Forgets every sign-in of this user (removed from their organisation). */
  forgetUser(userId: string): void;
}

export function createRecentCallers(options: RecentCallersOptions = {}): RecentCallers {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { caller: Caller; seenAt: number; clientAddress?: string }>();

  return {
    get(claims, clientAddress) {
      const entry = entries.get(claims.sessionId);
      if (!entry) return undefined;
      const { caller, seenAt } = entry;
      if (clock() - seenAt > maxAgeMs || caller.userId !== claims.userId || caller.orgId !== claims.orgId) {
        entries.delete(claims.sessionId);
        return undefined;
      }
      // Another address may be outside the organisation's allowed networks: it waits for the check.
      return entry.clientAddress === clientAddress ? caller : undefined;
    },
    remember(caller, clientAddress) {
      // Re-inserted, so the map's order is the order of last use and the oldest goes first.
      entries.delete(caller.sessionId);
      entries.set(caller.sessionId, { caller, seenAt: clock(), clientAddress });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    forget(sessionId) {
      entries.delete(sessionId);
    },
    forgetUser(userId) {
      for (const [sessionId, entry] of entries) if (entry.caller.userId === userId) entries.delete(sessionId);
    },
  };
}

/** The sign-in is live but its caller is no longer the one the work started with: redo it as `current`. */
export class CallerChanged extends Error {
  constructor(readonly current: Caller) {
    super('the signed-in caller changed while the request was being handled');
    this.name = 'CallerChanged';
  }
}

/** Whether a fresh look-up still describes the same caller in every field a request depends on. */
export function sameCaller(a: Caller, b: Caller): boolean {
  return (
    a.userId === b.userId &&
    a.orgId === b.orgId &&
    a.sessionId === b.sessionId &&
    a.roleId === b.roleId &&
    a.roleName === b.roleName &&
    a.roleUnlimited === b.roleUnlimited &&
    a.roleScopes.join() === b.roleScopes.join() &&
    a.username === b.username &&
    a.email === b.email
  );
}
