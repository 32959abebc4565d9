import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementKind } from '../../src/server/db/statement-counter';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

/**
 * What the server reads before the model is asked, for a member's second chat message and a
 * program's second /v1 call (issue 24: no synchronous round trip on the way to the first byte):
 * the statements the database handle sent between the request and the moment the fake provider
 * received the model's request. docs/benchmarks/gateway.md records the counts and what each is.
 */
let limits: LimitsServer;
/** Every statement sent while watching (`selects`, each with its kind), and the counts by kind. */
let watching: { selects: string[]; counts: Record<StatementKind, number> } | undefined;
let askedWith: { selects: string[]; counts: Record<StatementKind, number> } | undefined;
beforeAll(async () => {
  limits = await startLimitsServer(
    {},
    {
      onRequest: ({ path }) => {
        if (path === '/v1/chat/completions' && watching && !askedWith)
          askedWith = { selects: [...watching.selects], counts: { ...watching.counts } };
      },
    },
  );
  limits.server.database.statements.watch((statement, kind) => {
    if (!watching) return;
    watching.counts[kind] += 1;
    watching.selects.push(`${kind}: ${statement.replace(/\s+/g, ' ').slice(0, 160)}`);
  });
}, 60_000);
afterAll(() => limits?.close());

const mini = 'openai/gpt-4o-mini';

/** The statements sent between the request and the model's request reaching the provider. */
async function beforeTheModel(send: () => Promise<{ status: number; body: string }>) {
  askedWith = undefined;
  watching = { selects: [], counts: { select: 0, insert: 0, update: 0, delete: 0, other: 0 } };
  try {
    const answer = await send();
    expect(answer.status, answer.body).toBe(200);
  } finally {
    watching = undefined;
  }
  expect(askedWith, 'the provider was asked').toBeDefined();
  return askedWith!;
}

async function member(): Promise<LimitedUser> {
  return limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 200, monthlyTokenLimit: 100_000 }], 'Counted');
}

function programCall(secret: string, prompt: string) {
  return fetch(`${limits.server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ model: mini, messages: [{ role: 'user', content: prompt }], stream: true }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));
}

// PGlite only for now: on a shared PostgreSQL server this handle's background sweeps (the call
// journal's recovery) and notifications arriving after the first request (which make the plan
// allowance gate read again) land inside the counted window, so the counts there are not the request's.
describe.skipIf(process.env.TEST_DATABASE_URL)('statements before the model is asked', () => {
  // With the caller state in memory (docs/decisions/066) and the room held from budget leases
  // (docs/decisions/073), the second message of a limited member whose wallet pays reads only the
  // semantic cache's exact tier: no lock of the user or the wallet, no sums, no reservation.
  const roomStatements = /usage_reservations|wallet_reservations|budget_leases|wallets|for no key update|for update/;

  it('a member’s second chat message', { timeout: 60_000 }, async () => {
    const user = await member();
    limits.provider.setDefaultReply({ text: 'counted reply' });
    await beforeTheModel(() => limits.send(user, 'The first message warms this caller', mini));
    const second = await beforeTheModel(() => limits.send(user, 'A second message about rivers', mini));
    expect(second.counts.select, second.selects.join('\n')).toBeLessThanOrEqual(1);
    expect(second.selects.filter((statement) => roomStatements.test(statement))).toEqual([]);
  });

  it('a program’s third /v1 call', { timeout: 60_000 }, async () => {
    const user = await member();
    const { secret } = await limits.createApiKey(user, { monthly_budget_usd: 5 });
    limits.provider.setDefaultReply({ text: 'counted reply' });
    await beforeTheModel(() => programCall(secret, 'The first call warms this key'));
    // The first lookup that meets a stored entry reads the organisation's learned cache once (docs/decisions/080).
    await beforeTheModel(() => programCall(secret, 'A second call warms the learned cache'));
    const second = await beforeTheModel(() => programCall(secret, 'A third call about mountains'));
    expect(second.counts.select, second.selects.join('\n')).toBeLessThanOrEqual(2);
    expect(second.selects.filter((statement) => roomStatements.test(statement))).toEqual([]);
  });
});
