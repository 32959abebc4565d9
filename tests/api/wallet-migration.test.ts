import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { organisations, walletLedger, wallets } from '../../src/server/db/schema';

const migration = new URL('../../src/server/db/migrations/0016_wallet_ledger_functions.sql', import.meta.url);

/**
 * Migration 0016 gives organisations made before the wallet a wallet and the trial credit. Its own
 * embedded database, where an organisation is made as before (no wallet), and the migration's
 * backfill (its last two statements; the functions exist already) runs again.
 */
describe('migration 0016: wallets for existing organisations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDataDir: 'memory://' });
  }, 60_000);
  afterAll(async () => database?.close());

  it('opens a wallet with the spec’s defaults and a $5 trial credit in the ledger', async () => {
    const [organisation] = await database.db.insert(organisations).values({ name: 'Before 0016' }).returning();
    const statements = (await readFile(migration, 'utf8')).split('--> statement-breakpoint');
    for (const statement of statements.slice(-2)) await database.db.execute(sql.raw(statement));
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.orgId, organisation!.id));
    expect(wallet).toMatchObject({
      balance: '5.000000000000',
      currency: 'USD',
      minTopUpAmount: '10.00',
      autoReloadThreshold: '5.00',
      autoReloadAmount: '20.00',
      autoReloadEnabled: false,
    });
    const ledger = await database.db.select().from(walletLedger).where(eq(walletLedger.orgId, organisation!.id));
    expect(ledger).toMatchObject([
      { type: 'credit', amount: '5.000000000000', balanceAfter: '5.000000000000', description: 'Trial credit' },
    ]);
  });
});
