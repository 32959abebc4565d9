import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords } from '../../src/server/db/schema';
import { ledgerSumAndBalance } from '../../src/server/wallet/ledger-repository';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';

/**
 * The group-commit writer (docs/decisions/074) under concurrent load: the rows of many calls share
 * transactions, as the server's own metrics count them, and every call's books are whole after it.
 */
let limits: LimitsServer;
beforeAll(async () => {
  limits = await startLimitsServer({ METRICS_PORT: '0' });
}, 60_000);
afterAll(() => limits?.close());

const mini = 'openai/gpt-4o-mini';

/** One histogram's total count and the count of observations at or under `bound`, from a scrape. */
function histogram(scrape: string, name: string, bound: string) {
  const value = (line: string | undefined) => Number(line?.split(' ').at(-1) ?? Number.NaN);
  const lines = scrape.split('\n');
  return {
    count: value(lines.find((line) => line.startsWith(`${name}_count`))),
    atMost: value(lines.find((line) => line.startsWith(`${name}_bucket{le="${bound}"}`))),
  };
}

describe('the group-commit writer under load', () => {
  it('puts several calls’ rows in one transaction, and every call is on the books whole', {
    timeout: 120_000,
  }, async () => {
    const users = await Promise.all(
      Array.from({ length: 3 }, () =>
        limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 1_000_000 }]),
      ),
    );
    limits.provider.setDefaultReply({ text: 'one two three four five six', chunkDelayMs: 15 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limits.send(users[index % 3]!, `Concurrent message ${index}`, mini)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    await limits.server.modelCallsSettled();

    const scrape = await (await fetch(limits.server.metricsUrl!)).text();
    const batches = histogram(scrape, 'tokenwise_writer_batch_units', '1');
    expect(batches.count).toBeGreaterThan(0);
    // Some transaction held more than one unit.
    expect(batches.atMost).toBeLessThan(batches.count);
    expect(scrape).toMatch(/^tokenwise_writer_queue_depth 0$/m);
    expect(scrape).toMatch(/^tokenwise_budget_lease_holds\{kind="limit"\} 0$/m);

    for (const user of users) {
      const records = await limits.db
        .select({ outcome: usageRecords.outcome, messageId: usageRecords.messageId })
        .from(usageRecords)
        .where(and(eq(usageRecords.orgId, user.orgId), eq(usageRecords.userId, user.userId)));
      expect(records).toHaveLength(10);
      expect(records.every((record) => record.outcome === 'complete' && record.messageId !== null)).toBe(true);
      const ledger = await ledgerSumAndBalance(limits.db, user.orgId);
      expect(ledger.balance).toBe(ledger.ledger);
      const [debits] = await limits.db
        .execute<{ same: boolean }>(
          sql`select (select coalesce(sum(cost_usd), 0) from usage_records where org_id = ${user.orgId} and billed_to_wallet)
              = (select coalesce(sum(amount), 0) from wallet_ledger where org_id = ${user.orgId} and type = 'debit' and usage_record_id is not null) as same`,
        )
        .then((result) => (result as unknown as { rows: { same: boolean }[] }).rows);
      expect(debits!.same).toBe(true);
      expect((await limits.books(user)).reservations).toBe(0);
    }
  });
});
