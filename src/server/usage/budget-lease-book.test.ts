import { describe, expect, it } from 'vitest';
import { BudgetLeaseBook, free, outstanding, type LeaseScope } from './budget-lease-book';

const limitScope: LeaseScope = {
  kind: 'limit',
  orgId: 'org',
  userId: 'user',
  modelId: 'openai/gpt-4o-mini',
  periodStart: new Date('2026-12-01T00:00:00Z'),
};
const walletScope: LeaseScope = { kind: 'wallet', orgId: 'org' };
const amount = (tokens: number, cost: number) => ({ tokens: BigInt(tokens), costPicodollars: BigInt(cost) });

function bookWith(scope: LeaseScope, granted: { tokens: bigint | null; costPicodollars: bigint | null }, terms = 't') {
  const book = new BudgetLeaseBook();
  const lease = book.adopt({ id: 'lease', scope, terms, granted }, 0);
  return { book, lease };
}

describe('a budget lease in memory', () => {
  it('gives holds while the whole amount fits, and none past it', () => {
    const { book, lease } = bookWith(limitScope, { tokens: 100n, costPicodollars: 1_000n });
    expect(book.tryHold(lease, 't', amount(60, 600), 1)).toBeDefined();
    expect(book.tryHold(lease, 't', amount(41, 100), 2)).toBeUndefined();
    expect(book.tryHold(lease, 't', amount(40, 401), 3)).toBeUndefined();
    expect(book.tryHold(lease, 't', amount(40, 400), 4)).toBeDefined();
    expect(free(lease)).toEqual({ tokens: 0n, costPicodollars: 0n });
    expect(lease.holds).toBe(2);
  });

  it('counts a dimension it does not bound as unbounded', () => {
    const { book, lease } = bookWith(walletScope, { tokens: null, costPicodollars: 500n });
    expect(book.tryHold(lease, 't', amount(1_000_000, 500), 1)).toBeDefined();
    expect(book.tryHold(lease, 't', amount(0, 1), 2)).toBeUndefined();
  });

  it('gives no hold under other terms, or while a claim changes it', () => {
    const { book, lease } = bookWith(limitScope, { tokens: 100n, costPicodollars: 1_000n });
    expect(book.tryHold(lease, 'other limits', amount(1, 1), 1)).toBeUndefined();
    lease.busy = true;
    expect(book.tryHold(lease, 't', amount(1, 1), 2)).toBeUndefined();
    lease.busy = false;
    expect(book.tryHold(lease, 't', amount(1, 1), 3)).toBeDefined();
  });

  it('replaces a released hold by what the call used, so the room comes back but the use stays', () => {
    const { book, lease } = bookWith(limitScope, { tokens: 100n, costPicodollars: 1_000n });
    const hold = book.tryHold(lease, 't', amount(80, 800), 1)!;
    book.recorded('lease', amount(30, 250));
    book.release(hold, 2);
    book.release(hold, 3);
    expect(outstanding(lease)).toEqual(amount(30, 250));
    expect(free(lease)).toEqual({ tokens: 70n, costPicodollars: 750n });
    expect(lease.holds).toBe(0);
  });

  it('is idle only with no call holding it, once unused for the idle time', () => {
    const { book, lease } = bookWith(limitScope, { tokens: 100n, costPicodollars: 1_000n });
    const hold = book.tryHold(lease, 't', amount(1, 1), 1_000)!;
    expect(book.idle(100_000, 10)).toEqual([]);
    book.release(hold, 5_000);
    expect(book.idle(5_005, 10)).toEqual([]);
    expect(book.idle(5_010, 10)).toEqual([lease]);
  });

  it('forgets a returned lease; a call still holding it gives its hold back without effect', () => {
    const { book, lease } = bookWith(limitScope, { tokens: 100n, costPicodollars: 1_000n });
    const hold = book.tryHold(lease, 't', amount(10, 10), 1)!;
    book.forget(lease);
    expect(book.find(limitScope)).toBeUndefined();
    expect(book.get('lease')).toBeUndefined();
    expect(book.tryHold(lease, 't', amount(1, 1), 2)).toBeUndefined();
    book.release(hold, 3);
    book.recorded('lease', amount(5, 5));
    expect(book.all()).toEqual([]);
  });

  it('keeps one lease per scope: a limit per person, model and month', () => {
    const book = new BudgetLeaseBook();
    const granted = { tokens: 10n, costPicodollars: 10n };
    book.adopt({ id: 'a', scope: limitScope, terms: 't', granted }, 0);
    book.adopt(
      { id: 'b', scope: { ...limitScope, periodStart: new Date('2027-01-01T00:00:00Z') }, terms: 't', granted },
      0,
    );
    book.adopt({ id: 'c', scope: { ...limitScope, modelId: 'openai/gpt-4o' }, terms: 't', granted }, 0);
    expect(book.find(limitScope)?.id).toBe('a');
    expect(book.all().map((lease) => lease.id)).toEqual(['a', 'b', 'c']);
  });
});
