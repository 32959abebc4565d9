import { count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { walletLedger, walletReservations, wallets } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { walletLeasesBeyondDebits } from '../db/budget-lease-sums';

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerRow = typeof walletLedger.$inferSelect;

export interface Posting {
  orgId: string;
  /** Dollars as exact decimal text; positive credits, negative debits. */
  amount: string;
  description: string;
  usageRecordId?: string;
  paymentId?: string;
  isAutoReload?: boolean;
}

/**
 * Posts a credit or debit through `wallet_post` (custom migration 0016): the ledger row and the
 * cached balance in one statement under the wallet row's lock. Run it inside the transaction whose
 * other writes it belongs with.
 */
export async function postToWallet(db: Executor, posting: Posting): Promise<LedgerRow> {
  const result = await db.execute<Record<string, unknown>>(
    sql`select id, org_id, type, amount::text as amount, balance_after::text as balance_after, description, is_auto_reload, usage_record_id, payment_id, created_at
        from wallet_post(${posting.orgId}::uuid, ${posting.amount}::numeric, ${posting.description}, ${posting.usageRecordId ?? null}::uuid, ${posting.paymentId ?? null}::uuid, ${posting.isAutoReload ?? false})`,
  );
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) throw new Error('Posting to the wallet returned no row');
  return {
    id: String(row.id),
    orgId: String(row.org_id),
    type: row.type as LedgerRow['type'],
    amount: String(row.amount),
    balanceAfter: String(row.balance_after),
    description: String(row.description),
    isAutoReload: Boolean(row.is_auto_reload),
    usageRecordId: (row.usage_record_id as string | null) ?? null,
    paymentId: (row.payment_id as string | null) ?? null,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
  };
}

/** Makes sure the organisation has a wallet (the defaults of spec section 9, nothing in it). */
export async function ensureWallet(db: Executor, orgId: string): Promise<void> {
  await db.insert(wallets).values({ orgId }).onConflictDoNothing();
}

export async function findWallet(db: Executor, orgId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallets).where(inOrganisation(wallets.orgId, orgId));
  return row;
}

/** The wallet, locked until the transaction ends (created first when missing). */
export async function lockWallet(transaction: Executor, orgId: string): Promise<WalletRow> {
  await ensureWallet(transaction, orgId);
  const [row] = await transaction
    .select()
    .from(wallets)
    .where(inOrganisation(wallets.orgId, orgId))
    .for('no key update');
  if (!row) throw new Error('The wallet vanished while it was locked');
  return row;
}

export async function updateWalletRow(
  db: Executor,
  orgId: string,
  changes: Partial<Omit<WalletRow, 'orgId' | 'balance'>>,
): Promise<WalletRow> {
  const [row] = await db.update(wallets).set(changes).where(inOrganisation(wallets.orgId, orgId)).returning();
  if (!row) throw new Error('Updating a wallet returned no row');
  return row;
}

export async function listLedger(
  db: Executor,
  orgId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const rows = await db
    .select()
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId))
    .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ total: count() })
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId));
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findLedgerEntry(db: Executor, orgId: string, id: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId, eq(walletLedger.id, id)));
  return row;
}

export async function findLedgerEntryOfPayment(
  db: Executor,
  orgId: string,
  paymentId: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId, eq(walletLedger.paymentId, paymentId)));
  return row;
}

/** Usage debited since `since` (less any usage credited back), as exact text. */
export async function usageSpentSince(db: Executor, orgId: string, since: Date): Promise<string> {
  const [row] = await db
    .select({
      spent: sql<string>`coalesce(sum(case when ${walletLedger.type} = 'debit' then ${walletLedger.amount} else -${walletLedger.amount} end), 0)::text`,
    })
    .from(walletLedger)
    .where(
      inOrganisation(
        walletLedger.orgId,
        orgId,
        isNotNull(walletLedger.usageRecordId),
        gte(walletLedger.createdAt, since),
      ),
    );
  return row?.spent ?? '0';
}

/** What calls in progress hold against the wallet (reservations, and leases beyond their debits), as exact text. */
export async function reservedAgainstWallet(db: Executor, orgId: string): Promise<string> {
  const [row] = await db
    .select({
      held: sql<string>`(coalesce(sum(${walletReservations.amount}), 0) + ${walletLeasesBeyondDebits(orgId)})::text`,
    })
    .from(walletReservations)
    .where(inOrganisation(walletReservations.orgId, orgId));
  return row?.held ?? '0';
}

/** The ledger's sum and the cached balance, for checks (tests, diagnostics). */
export async function ledgerSumAndBalance(
  db: Executor,
  orgId: string,
): Promise<{ ledger: string; balance: string; rows: number }> {
  const [sums] = await db
    .select({
      ledger: sql<string>`coalesce(sum(case when ${walletLedger.type} = 'credit' then ${walletLedger.amount} else -${walletLedger.amount} end), 0)::text`,
      rows: count(),
    })
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId));
  const wallet = await findWallet(db, orgId);
  return { ledger: sums?.ledger ?? '0', balance: wallet?.balance ?? '0', rows: Number(sums?.rows ?? 0) };
}
