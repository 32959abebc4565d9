/**
 * What holding room in a user's monthly limits adds to a chat message (docs/decisions/019).
 *
 *   npm run bench:limit-reservation
 *   RUNS=300 RECORDS=0,1000,10000 npm run bench:limit-reservation
 *   DATABASE_URL=postgres://... npm run bench:limit-reservation
 *
 * For a user of a limited role, with RECORDS usage records of this month already on the books,
 * it times the database work a message of such a user now does beyond an admin's:
 * - the routing step's look at the limits (`monthlyLimitVerdicts`: records and reservations per
 *   model, one query) against the sum it replaced (`usageByModel`);
 * - the claim of a budget lease (one transaction: the user's row locked, the totals read, the lease
 *   written; docs/decisions/073) and its return, one message at a time, and a hold taken from a lease
 *   the instance already has (memory only);
 * - the same for 8 messages at once (the chat setup gate's default), to show the lock's queueing.
 * Report on stdout (Markdown), progress on stderr.
 */
import { randomUUID } from 'node:crypto';
import { modelCatalog } from '../src/gateway';
import type { UsableModel } from '../src/server/usage/model-access';
import { openDatabase } from '../src/server/db/database';
import { organisations, rolePermissions, roles, usageRecords, users } from '../src/server/db/schema';
import type { Caller } from '../src/server/http/context';
import { monthlyLimitVerdicts } from '../src/server/usage/monthly-limits';
import pino from 'pino';
import { createBudgetLeases } from '../src/server/usage/budget-leases';
import { reserveModelCalls } from '../src/server/usage/reserve-model-call';
import { monthBounds, usageByModel } from '../src/server/usage/usage-repository';
import { progress, summarise, timeEach } from './support/measure';
import { describeLoad, describeMachine, formatNumber, markdownTable, percentile } from './support/stats';
import { createPriceBook } from '../src/server/pricing/price-book';

const runs = Number(process.env.RUNS ?? 300);
const recordCounts = (process.env.RECORDS ?? '0,1000,10000').split(',').map(Number);
const concurrency = 8;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory://' });
const { db } = database;
const modelIds = ['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o'];

async function limitedUser(records: number) {
  const suffix = randomUUID().slice(0, 8);
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `Bench ${suffix}` })
    .returning();
  const orgId = organisation!.id;
  const [role] = await db.insert(roles).values({ orgId, name: 'Member' }).returning();
  await db.insert(rolePermissions).values(
    modelIds.map((modelId) => ({
      roleId: role!.id,
      orgId,
      modelId,
      maxTokensPerRequest: 2000,
      monthlyTokenLimit: 2_000_000_000,
      costLimit: '1000000',
    })),
  );
  const [user] = await db
    .insert(users)
    .values({
      orgId,
      roleId: role!.id,
      username: `bench-${suffix}`,
      email: `bench-${suffix}@example.test`,
      status: 'active',
    })
    .returning();
  for (let offset = 0; offset < records; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, records - offset) }, (_, index) => ({
      orgId,
      userId: user!.id,
      modelId: modelIds[(offset + index) % modelIds.length]!,
      inputTokens: 300,
      outputTokens: 200,
      costUsd: '0.000165',
      latencyMs: 900,
    }));
    await db.insert(usageRecords).values(batch);
  }
  const caller: Caller = {
    userId: user!.id,
    orgId,
    sessionId: randomUUID(),
    username: `bench-${suffix}`,
    email: '',
    roleId: role!.id,
    roleName: 'Member',
    roleScopes: [],
    roleUnlimited: false,
  };
  const usable: UsableModel[] = modelIds.map((id) => ({
    model: modelCatalog.find((model) => model.id === id)!,
    maxTokensPerRequest: 2000,
    maxTokensLimitedBy: 'role',
    replyTokenCap: 2000,
    monthlyTokenLimit: 2_000_000_000,
    costLimitUsd: 1_000_000,
  }));
  return { caller, usable };
}

const owner = randomUUID();
// The catalog's prices (no versions): what the reservation reckons with is not what is measured.
const catalogPrices = createPriceBook([]);
const silent = pino({ level: 'silent' });
/**
 * Holds room for a message and gives it back. `fresh`: with no lease yet, so the room is claimed
 * in the database (the lease returned after); otherwise from the lease the instance keeps.
 */
const kept = createBudgetLeases({ database: db, owner, logger: silent });
const reserveAndRelease = async (caller: Caller, usable: UsableModel[], fresh = true) => {
  const leases = fresh ? createBudgetLeases({ database: db, owner: randomUUID(), logger: silent }) : kept;
  const reserved = await reserveModelCalls(
    db,
    leases,
    caller,
    { primary: { usable: usable[0]!, inputTokens: 120 }, backup: { usable: usable[1]!, inputTokens: 120 } },
    { prices: catalogPrices },
  );
  leases.release([reserved.primary, reserved.backup].flatMap((call) => (call?.granted ? call.holds : [])));
  if (fresh) await leases.returnAll();
};

const rows: (string | number)[][] = [];
for (const records of recordCounts) {
  progress(`${records} records: seeding`);
  const { caller, usable } = await limitedUser(records);
  const period = monthBounds(new Date().getUTCFullYear(), new Date().getUTCMonth());
  // Warm up the statements and the caches.
  for (let index = 0; index < 20; index += 1) await reserveAndRelease(caller, usable);
  progress(`${records} records: measuring`);
  const before = await timeEach(runs, () => usageByModel(db, caller.orgId, caller.userId, period));
  const check = await timeEach(runs, () => monthlyLimitVerdicts(db, catalogPrices, caller, usable, 120));
  const reservation = await timeEach(runs, () => reserveAndRelease(caller, usable));
  const fromLease = await timeEach(runs, () => reserveAndRelease(caller, usable, false));
  // Eight messages at once: each waits for the user's row while the others hold it.
  const together: number[] = [];
  for (let round = 0; round < Math.ceil(runs / concurrency); round += 1) {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const started = performance.now();
        await reserveAndRelease(caller, usable);
        together.push(performance.now() - started);
      }),
    );
  }
  rows.push([
    records,
    summarise(before),
    summarise(check),
    summarise(reservation),
    summarise(fromLease),
    `${formatNumber(percentile(together, 50), 1)} / ${formatNumber(percentile(together, 99), 1)}`,
  ]);
}

console.log(`Database: ${database.kind}; ${runs} runs each; ${describeMachine()}; load average ${describeLoad()}.\n`);
console.log(
  markdownTable(
    [
      'usage records this month',
      'before: usage sum (ms)',
      'now: limits check in routing (ms)',
      'claim + release, one at a time (ms)',
      'from the lease in memory + release (ms)',
      'reserve + release, 8 at once (ms, wall p50 / p99)',
    ],
    rows,
  ),
);
console.log('\nCells: wall p50 / p99 (CPU p50 of this process), in milliseconds.');
await database.close();
