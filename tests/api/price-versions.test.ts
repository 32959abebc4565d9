import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOfUsage, embeddingModelCatalog, modelCatalog } from '../../src/gateway';
import { parsePicodollars, usdNumber } from '../../src/money';
import { modelPrices, usageRecords, walletLedger } from '../../src/server/db/schema';
import { applyPricesFile } from '../../src/server/pricing/apply-prices-file';
import { PricesFileError } from '../../src/server/pricing/prices-file';
import { startBillingServer, type BillingServer } from './support/billing-server';
import type { Person } from './support/analytics-server';
import { eventually } from './support/chat';
import { createOwnDatabase, type OwnDatabase } from './support/own-database';

/**
 * Prices as data (issue 22, docs/decisions/071): a call is charged at the price version effective
 * when it started and names it; the operator's new price applies to the calls after it only, and
 * the first call's record, the organisation's analytics and its invoice keep what it was charged.
 */
const mini = 'openai/gpt-4o-mini';
const knownModels = new Set([...modelCatalog, ...embeddingModelCatalog].map((model) => model.id));

describe('price versions', () => {
  let setup: BillingServer;
  let admin: Person;
  let folder: string;
  let ownDatabase: OwnDatabase;

  beforeAll(async () => {
    // Prices are the whole installation's: on PostgreSQL this test changes them in a database of its own.
    ownDatabase = await createOwnDatabase();
    // Each instance reads the price book every second here (30 s by default).
    setup = await startBillingServer({
      PRICE_BOOK_REFRESH_SECONDS: '1',
      ...(ownDatabase.url ? { DATABASE_URL: ownDatabase.url } : {}),
    });
    admin = await setup.signUp();
    folder = await mkdtemp(path.join(tmpdir(), 'tokenwise-prices-'));
  }, 60_000);
  afterAll(async () => {
    await setup?.close();
    await ownDatabase?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const db = () => setup.server.database.db;
  const versionsOf = (modelId: string) =>
    db().select().from(modelPrices).where(eq(modelPrices.modelId, modelId)).orderBy(modelPrices.version);
  const recordOf = async (selectionId: string) => {
    const [record] = await eventually(
      () =>
        db()
          .select()
          .from(usageRecords)
          .where(and(eq(usageRecords.orgId, admin.orgId), eq(usageRecords.decisionId, selectionId))),
      (rows) => rows[0]?.outcome === 'complete',
    );
    expect(record?.outcome).toBe('complete');
    return record!;
  };
  const debitOf = async (usageRecordId: string) => {
    const [debit] = await db()
      .select({ amount: sql<string>`${walletLedger.amount}::text` })
      .from(walletLedger)
      .where(eq(walletLedger.usageRecordId, usageRecordId));
    return parsePicodollars(debit!.amount);
  };
  const figures = async () => {
    const analytics = await setup.call(`/subscription/analytics/${admin.orgId}`, admin.token);
    const usage = await setup.request(`/subscription/usage/${admin.orgId}`, { token: admin.token });
    const invoices = await setup.request(`/subscription/invoices/${admin.orgId}`, { token: admin.token });
    expect([analytics.status, usage.status, invoices.status]).toEqual([200, 200, 200]);
    const draft = invoices.body.invoices[0];
    return {
      totalCost: analytics.body.total_cost as number,
      miniCost: usage.body.by_model.find((row: { model_id: string }) => row.model_id === mini).cost as number,
      invoiceLine: draft.lines.find((line: { model_id: string | null }) => line.model_id === mini).amount as number,
    };
  };
  const estimateOfMillionTokens = async () =>
    (await setup.request(`/tokens/estimate/${mini}?tokenCount=1000000`, { token: admin.token })).body.cost as number;

  it('charges at version 1, then at the operator’s version 2 from its time on, and never moves what was charged before', async () => {
    const [seed] = await versionsOf(mini);
    expect(seed).toMatchObject({ version: 1, inputPicodollarsPerToken: 150_000n, outputPicodollarsPerToken: 600_000n });

    // The first call: charged at version 1 (the catalog's $0.15 / $0.60 per million) and naming it.
    const first = await setup.send(admin, 'How do tides work around islands?', { forced_model_id: mini });
    expect(first.status).toBe(200);
    const firstRecord = await recordOf(first.metadata!.selection_id);
    const firstUsage = {
      inputTokens: firstRecord.inputTokens,
      cachedInputTokens: firstRecord.cachedInputTokens,
      outputTokens: firstRecord.outputTokens,
    };
    const firstCost = costOfUsage(
      { input: 150_000n, cachedInput: 75_000n, output: 600_000n, versionId: seed!.id },
      firstUsage,
    );
    expect(firstRecord.priceVersion).toBe(seed!.id);
    expect(parsePicodollars(firstRecord.costUsd)).toBe(firstCost);
    expect(await debitOf(firstRecord.id)).toBe(firstCost);
    const before = await figures();
    expect(before.invoiceLine).toBe(usdNumber(firstCost));
    expect(before.miniCost).toBe(usdNumber(firstCost));
    expect(await estimateOfMillionTokens()).toBe(0.15);

    // The operator doubles GPT-4o mini's prices with a prices file (what PRICES_FILE and `npm run prices:apply` apply).
    const file = path.join(folder, 'prices.json');
    await writeFile(file, JSON.stringify([{ model: mini, input: '0.30', cachedInput: '0.15', output: '1.20' }]));
    const added = await applyPricesFile(db(), file, knownModels);
    expect(added).toMatchObject([
      { modelId: mini, version: 2, input: 300_000n, cachedInput: 150_000n, output: 1_200_000n },
    ]);
    // Applying it again (a restart with PRICES_FILE set) adds nothing.
    expect(await applyPricesFile(db(), file, knownModels)).toEqual([]);
    const [, second] = await versionsOf(mini);
    expect(second!.id).toBe(added[0]!.id);
    // The running instance reads it in the background, with no restart.
    expect(await eventually(estimateOfMillionTokens, (cost) => cost === 0.3, 15_000)).toBe(0.3);

    // The next call: charged at version 2 and naming it.
    const next = await setup.send(admin, 'Write a haiku about autumn rain on a tin roof', { forced_model_id: mini });
    expect(next.status).toBe(200);
    const nextRecord = await recordOf(next.metadata!.selection_id);
    const nextUsage = {
      inputTokens: nextRecord.inputTokens,
      cachedInputTokens: nextRecord.cachedInputTokens,
      outputTokens: nextRecord.outputTokens,
    };
    const nextCost = costOfUsage(
      { input: 300_000n, cachedInput: 150_000n, output: 1_200_000n, versionId: second!.id },
      nextUsage,
    );
    expect(nextRecord.priceVersion).toBe(second!.id);
    expect(parsePicodollars(nextRecord.costUsd)).toBe(nextCost);
    expect(nextCost).toBeGreaterThan(
      costOfUsage({ input: 150_000n, cachedInput: 75_000n, output: 600_000n, versionId: null }, nextUsage),
    );
    expect(await debitOf(nextRecord.id)).toBe(nextCost);

    // The first call's record, its debit, and its part of the analytics and of the invoice are as they were.
    const [firstAgain] = await db().select().from(usageRecords).where(eq(usageRecords.id, firstRecord.id));
    expect(firstAgain).toMatchObject({ priceVersion: seed!.id, costUsd: firstRecord.costUsd });
    expect(await debitOf(firstRecord.id)).toBe(firstCost);
    const after = await figures();
    expect(after.invoiceLine).toBe(usdNumber(firstCost + nextCost));
    expect(after.miniCost).toBe(usdNumber(firstCost + nextCost));
    expect(after.totalCost).toBeCloseTo(before.totalCost + usdNumber(nextCost), 12);
  }, 120_000);

  it('keeps versions append-only: the database refuses to change or delete one', async () => {
    const [seed] = await versionsOf(mini);
    await expect(
      db().update(modelPrices).set({ inputPicodollarsPerToken: 1n }).where(eq(modelPrices.id, seed!.id)),
    ).rejects.toThrow();
    await expect(db().delete(modelPrices).where(eq(modelPrices.id, seed!.id))).rejects.toThrow();
    expect((await versionsOf(mini))[0]).toEqual(seed);
  });

  it('refuses a prices file with an unknown model, a negative price or a date in the past, and adds none of its entries', async () => {
    const file = path.join(folder, 'bad-prices.json');
    await writeFile(
      file,
      JSON.stringify([
        { model: 'openai/gpt-4o', input: '3.00', output: '12.00' },
        { model: 'openai/gpt-9', input: '1', output: '2' },
        { model: mini, input: '-0.10', output: '2' },
      ]),
    );
    const refused = await applyPricesFile(db(), file, knownModels).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PricesFileError);
    expect((refused as PricesFileError).problems).toEqual([
      'entry 2 (openai/gpt-9): unknown model',
      'entry 3 (openai/gpt-4o-mini): "input" is negative (-0.10)',
    ]);
    await writeFile(
      file,
      JSON.stringify([
        { model: 'openai/gpt-4o', input: '3.00', output: '12.00' },
        { model: mini, input: '0.10', output: '0.40', effectiveFrom: '2020-01-01T00:00:00Z' },
      ]),
    );
    const past = await applyPricesFile(db(), file, knownModels).catch((error: unknown) => error);
    expect((past as PricesFileError).problems.join('\n')).toContain(
      'openai/gpt-4o-mini: effective from 2020-01-01T00:00:00.000Z, in the past',
    );
    expect(await versionsOf('openai/gpt-4o')).toHaveLength(1);
  });
});
