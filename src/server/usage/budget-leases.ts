import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { BudgetLeaseBook, type Amount, type Lease, type LeaseHold } from './budget-lease-book';
import { deleteLeases, deleteLeasesOf } from './lease-repository';

/** How long a lease with no call in progress is kept for the next call before it is returned. */
const defaultIdleMs = 30_000;

/**
 * The budget leases of this instance (docs/decisions/073): the book in memory, one claim at a
 * time per organisation, and the return of leases left idle and of all of them at shutdown.
 */
export interface BudgetLeases {
  readonly book: BudgetLeaseBook;
  /** The instance holding them (server_instances). */
  readonly owner: string;
  /**
   * Runs a claim: the organisation's leases are changed by one transaction at a time on this
   * instance (across instances the rows' locks order them), and the leases it names take no hold
   * from memory until it is done, so what it writes is what memory holds.
   */
  claim<T>(orgId: string, leases: readonly Lease[], work: () => Promise<T>): Promise<T>;
  /** Gives back the holds of a call that is on the books (or failed). */
  release(holds: readonly LeaseHold[]): void;
  /** A record written under these leases stopped streaming: it counts as used from now on. */
  recorded(leaseIds: readonly (string | null | undefined)[], amount: (leaseId: string) => Amount | undefined): void;
  /** Returns the leases unused for the idle time; answers how many. */
  returnIdle(idleMs?: number): Promise<number>;
  /** Shutdown, after the last call: every lease goes. */
  returnAll(): Promise<void>;
  /** This instance was taken for gone and its leases deleted: memory forgets them (calls in progress keep their holds). */
  forgetAll(): void;
  /**
   * What the organisation's leases were claimed against changed (a posting to its wallet other than
   * a call's debit, an administrative change; undefined: any organisation's): the next call claims
   * again, so its room is read anew.
   */
  invalidate(orgId: string | undefined): void;
}

export function createBudgetLeases(options: {
  database: Pick<Database, 'transaction'> & Parameters<typeof deleteLeases>[0];
  owner: string;
  logger: Logger;
  idleMs?: number;
}): BudgetLeases {
  const { database, owner, logger } = options;
  const book = new BudgetLeaseBook();
  const claims = new Map<string, Promise<unknown>>();
  // Invalidations so far, per organisation and of all: a claim that read its room before one is not trusted after it.
  const invalidations = new Map<string, number>();
  let invalidatedAll = 0;
  const invalidationsOf = (orgId: string) => `${invalidatedAll}/${invalidations.get(orgId) ?? 0}`;
  const staleFor = (orgId: string) => {
    for (const lease of book.all()) if (lease.scope.orgId === orgId) lease.terms = '';
  };

  function queued<T>(orgId: string, work: () => Promise<T>): Promise<T> {
    const before = claims.get(orgId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    claims.set(orgId, settled);
    void settled.then(() => {
      if (claims.get(orgId) === settled) claims.delete(orgId);
    });
    return run;
  }

  async function returnLeases(leases: readonly Lease[]): Promise<number> {
    const byOrganisation = new Map<string, Lease[]>();
    for (const lease of leases) {
      const list = byOrganisation.get(lease.scope.orgId) ?? [];
      list.push(lease);
      byOrganisation.set(lease.scope.orgId, list);
    }
    let returned = 0;
    for (const [orgId, list] of byOrganisation) {
      returned += await queued(orgId, async () => {
        // Taken again, or busy, while waiting for the turn: kept.
        const idle = list.filter((lease) => lease.holds === 0 && book.get(lease.id) === lease);
        for (const lease of idle) lease.busy = true;
        try {
          await deleteLeases(
            database,
            orgId,
            idle.map((lease) => lease.id),
          );
          for (const lease of idle) book.forget(lease);
          return idle.length;
        } finally {
          for (const lease of idle) lease.busy = false;
        }
      });
    }
    return returned;
  }

  return {
    book,
    owner,
    claim(orgId, leases, work) {
      return queued(orgId, async () => {
        for (const lease of leases) lease.busy = true;
        const seen = invalidationsOf(orgId);
        try {
          return await work();
        } finally {
          for (const lease of leases) lease.busy = false;
          // Invalidated while the claim read its room: the next call claims again.
          if (invalidationsOf(orgId) !== seen) staleFor(orgId);
        }
      });
    },
    release(holds) {
      const now = Date.now();
      for (const hold of holds) book.release(hold, now);
    },
    recorded(leaseIds, amount) {
      for (const leaseId of leaseIds) {
        if (!leaseId) continue;
        const used = amount(leaseId);
        if (used) book.recorded(leaseId, used);
      }
    },
    async returnIdle(idleMs = options.idleMs ?? defaultIdleMs) {
      const idle = book.idle(Date.now(), idleMs);
      if (idle.length === 0) return 0;
      return returnLeases(idle).catch((error: unknown) => {
        logger.warn({ err: error }, 'returning idle budget leases failed; they are returned later');
        return 0;
      });
    },
    async returnAll() {
      await deleteLeasesOf(database, owner);
      for (const lease of book.all()) book.forget(lease);
    },
    forgetAll() {
      for (const lease of book.all()) book.forget(lease);
    },
    invalidate(orgId) {
      if (orgId === undefined) {
        invalidatedAll += 1;
        for (const lease of book.all()) lease.terms = '';
        return;
      }
      invalidations.set(orgId, (invalidations.get(orgId) ?? 0) + 1);
      staleFor(orgId);
    },
  };
}
