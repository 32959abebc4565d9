// The budget leases an instance holds, in memory (docs/decisions/073): room claimed from the
// database in one transaction, from which calls then take their holds without a round trip.

/** What a lease holds room in: a person's monthly limits on one model, an API key's monthly budget, the wallet. */
export type LeaseScope =
  | { kind: 'limit'; orgId: string; userId: string; modelId: string; periodStart: Date }
  | { kind: 'key-budget'; orgId: string; apiKeyId: string; periodStart: Date }
  | { kind: 'wallet'; orgId: string };

/** An amount of room: tokens and picodollars. */
export interface Amount {
  tokens: bigint;
  costPicodollars: bigint;
}

/** What a lease grants; a dimension its budget does not count (no token limit; a money budget) is null: unbounded. */
export interface Grant {
  tokens: bigint | null;
  costPicodollars: bigint | null;
}

export const nothing: Amount = { tokens: 0n, costPicodollars: 0n };

export interface Lease {
  readonly id: string;
  readonly scope: LeaseScope;
  /** What it was last claimed under (a limit's limits, a key's budget): a call under other terms claims again. */
  terms: string;
  granted: Grant;
  /** What the calls that ended under it used, as their records say. */
  used: Amount;
  /** What the calls in progress under it hold. */
  held: Amount;
  holds: number;
  lastUsedAt: number;
  /** A transaction is changing it (claiming more, giving some back, returning it): no hold is taken from memory meanwhile. */
  busy: boolean;
}

/** Room taken from a lease by one call, given back when the call is on the books. */
export interface LeaseHold {
  readonly lease: Lease;
  readonly amount: Amount;
  released: boolean;
}

export function scopeKey(scope: LeaseScope): string {
  switch (scope.kind) {
    case 'limit':
      return `limit/${scope.orgId}/${scope.userId}/${scope.modelId}/${scope.periodStart.toISOString()}`;
    case 'key-budget':
      return `key-budget/${scope.orgId}/${scope.apiKeyId}/${scope.periodStart.toISOString()}`;
    case 'wallet':
      return `wallet/${scope.orgId}`;
  }
}

export const addAmounts = (a: Amount, b: Amount): Amount => ({
  tokens: a.tokens + b.tokens,
  costPicodollars: a.costPicodollars + b.costPicodollars,
});

const subtract = (a: Amount, b: Amount): Amount => ({
  tokens: a.tokens - b.tokens,
  costPicodollars: a.costPicodollars - b.costPicodollars,
});

/** What the lease's calls used and hold: the least it may be cut to. */
export function outstanding(lease: Lease): Amount {
  return addAmounts(lease.used, lease.held);
}

/** What the lease still has for new calls, per dimension (null: unbounded). */
export function free(lease: Lease): Grant {
  const taken = outstanding(lease);
  return {
    tokens: lease.granted.tokens === null ? null : lease.granted.tokens - taken.tokens,
    costPicodollars:
      lease.granted.costPicodollars === null ? null : lease.granted.costPicodollars - taken.costPicodollars,
  };
}

function fits(room: Grant, amount: Amount): boolean {
  return (
    (room.tokens === null || room.tokens >= amount.tokens) &&
    (room.costPicodollars === null || room.costPicodollars >= amount.costPicodollars)
  );
}

/**
 * One instance's leases, one per scope. Pure bookkeeping: the database side (claiming, cutting,
 * returning) belongs to the caller, which marks a lease busy while its transaction runs.
 */
export class BudgetLeaseBook {
  private readonly byScope = new Map<string, Lease>();
  private readonly byId = new Map<string, Lease>();

  find(scope: LeaseScope): Lease | undefined {
    return this.byScope.get(scopeKey(scope));
  }

  get(id: string): Lease | undefined {
    return this.byId.get(id);
  }

  /** Takes `amount` from the lease when it was claimed under `terms`, is not busy, and all of it fits. */
  tryHold(lease: Lease, terms: string, amount: Amount, now: number): LeaseHold | undefined {
    if (lease.busy || lease.terms !== terms || this.byId.get(lease.id) !== lease) return undefined;
    if (!fits(free(lease), amount)) return undefined;
    return this.hold(lease, amount, now);
  }

  /** Takes `amount` from the lease unchecked: the transaction that granted it made the room. */
  hold(lease: Lease, amount: Amount, now: number): LeaseHold {
    lease.held = addAmounts(lease.held, amount);
    lease.holds += 1;
    lease.lastUsedAt = now;
    return { lease, amount, released: false };
  }

  /** Gives a hold back, once: the call is on the books, or failed. */
  release(hold: LeaseHold, now: number): void {
    if (hold.released) return;
    hold.released = true;
    const { lease } = hold;
    lease.held = subtract(lease.held, hold.amount);
    lease.holds -= 1;
    lease.lastUsedAt = now;
  }

  /** A record written under the lease stopped streaming: what it used counts from now on. */
  recorded(leaseId: string, amount: Amount): void {
    const lease = this.byId.get(leaseId);
    if (lease) lease.used = addAmounts(lease.used, amount);
  }

  /** A lease just claimed for its scope (none was held). */
  adopt(lease: Pick<Lease, 'id' | 'scope' | 'terms' | 'granted'>, now: number): Lease {
    const adopted: Lease = {
      ...lease,
      used: { ...nothing },
      held: { ...nothing },
      holds: 0,
      lastUsedAt: now,
      busy: false,
    };
    this.byScope.set(scopeKey(lease.scope), adopted);
    this.byId.set(adopted.id, adopted);
    return adopted;
  }

  /** The lease's row is gone (returned): forgotten; calls still holding it keep their holds' objects. */
  forget(lease: Lease): void {
    if (this.byId.get(lease.id) === lease) this.byId.delete(lease.id);
    const key = scopeKey(lease.scope);
    if (this.byScope.get(key) === lease) this.byScope.delete(key);
  }

  all(): Lease[] {
    return [...this.byId.values()];
  }

  /** Leases with no call in progress, unused for `idleMs`. */
  idle(now: number, idleMs: number): Lease[] {
    return this.all().filter((lease) => !lease.busy && lease.holds === 0 && now - lease.lastUsedAt >= idleMs);
  }
}
