import { eq, sql } from 'drizzle-orm';
import {
  organisations,
  subscriptionCharges,
  subscriptions,
  invoices,
  usageRecords,
} from '../../../src/server/db/schema';
import { startAnalyticsServer, type AnalyticsServer, type Person } from './analytics-server';

export interface BillingAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  body: any;
  headers: Headers;
  bytes: Uint8Array;
}

export interface BillingServer extends AnalyticsServer {
  request(
    pathname: string,
    options?: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<BillingAnswer>;
  /**
   * Moves the organisation's billing back in time by `days`: its creation, its subscriptions'
   * periods, its charges and its invoices' periods, as if that many days had passed (tests move
   * time by writing the dates, never by waiting). Issued invoices never change, so this runs with
   * the database's triggers off for the transaction. Usage records stay where they are.
   */
  moveBack(orgId: string, days: number): Promise<void>;
  /** A usage record of a model call that ended `daysAgo` days ago, as the chat writes it; the roll-ups follow. */
  recordUsage(
    person: Person,
    usage: { modelId: string; inputTokens: number; outputTokens: number; costUsd: string; daysAgo: number },
  ): Promise<void>;
}

const dayMs = 86_400_000;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Today plus `days` (negative: before), as a UTC day. */
export const dayFromToday = (days: number) => isoDay(new Date(Date.now() + days * dayMs));

export async function startBillingServer(variables: Record<string, string> = {}): Promise<BillingServer> {
  // Each test signs up organisations of its own, all from this one address.
  const setup = await startAnalyticsServer({ SIGNUP_MAX_PER_ADDRESS: '100', ...variables });
  const db = setup.server.database.db;
  return {
    ...setup,
    async request(pathname, options = {}) {
      const response = await fetch(`${setup.server.url}/api${pathname}`, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      let body: unknown = text;
      if (response.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
      return { status: response.status, body, headers: response.headers, bytes };
    },
    async moveBack(orgId, days) {
      await db.transaction(async (transaction) => {
        await transaction.execute(sql`set local session_replication_role = replica`);
        await transaction
          .update(organisations)
          .set({ createdAt: sql`${organisations.createdAt} - make_interval(days => ${days})` })
          .where(eq(organisations.id, orgId));
        await transaction
          .update(subscriptions)
          .set({
            currentPeriodStart: sql`${subscriptions.currentPeriodStart} - ${days}::integer`,
            currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} - ${days}::integer`,
          })
          .where(eq(subscriptions.orgId, orgId));
        await transaction
          .update(subscriptionCharges)
          .set({ billedOn: sql`${subscriptionCharges.billedOn} - ${days}::integer` })
          .where(eq(subscriptionCharges.orgId, orgId));
        await transaction
          .update(invoices)
          .set({
            periodStart: sql`${invoices.periodStart} - ${days}::integer`,
            periodEnd: sql`${invoices.periodEnd} - ${days}::integer`,
          })
          .where(eq(invoices.orgId, orgId));
      });
    },
    async recordUsage(person, usage) {
      await db.insert(usageRecords).values({
        orgId: person.orgId,
        userId: person.userId,
        modelId: usage.modelId,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: usage.costUsd,
        latencyMs: 120,
        outcome: 'complete',
        // Through the instance's keys: the wallet pays it (docs/decisions/022), and the invoice shows it.
        billedToWallet: true,
        createdAt: new Date(Date.now() - usage.daysAgo * dayMs),
      });
    },
  };
}
