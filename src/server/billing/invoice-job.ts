import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { billingCycleDays } from '../analytics/billing-cycle';
import type { Executor } from '../db/database';
import { createIntervalJob, type IntervalJob } from '../shared/interval-job';
import type { BillingDependencies } from './billing-dependencies';
import { isoDay } from './billing-periods';
import { settleBilling } from './period-closing';
import { collectRenewals } from './renewal-retries';

/**
 * Organisations with a period ended by `today`: a subscription's, or the Free Trial's 30 days after
 * the last issued invoice (or the creation day). The one read across organisations the job makes.
 */
async function listOrganisationsWithPeriodsDue(db: Executor, today: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select o.id from organisations o
    left join subscriptions s on s.org_id = o.id and s.status in ('active', 'past_due')
    where (s.id is not null and s.current_period_end <= ${today}::date)
       or (s.id is null and coalesce(
             (select max(i.period_end) from invoices i where i.org_id = o.id and i.status <> 'draft'),
             (o.created_at at time zone 'UTC')::date
           ) + ${billingCycleDays}::integer <= ${today}::date)`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

export interface InvoiceJobOptions {
  dependencies: BillingDependencies;
  logger: Logger;
  /** Time between runs; the first runs at start. */
  intervalMs: number;
  clock?: () => Date;
}

/**
 * Closes the periods that ended, at start and then every interval (docs/decisions/023): issues
 * their invoices, renews or ends subscriptions. Reads of plans and invoices close what is due
 * themselves, so the job only keeps invoices issued for organisations nobody looks at. Idempotent.
 */
export function createInvoiceJob(options: InvoiceJobOptions): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  let stopping = false;
  async function run(): Promise<void> {
    const now = clock();
    for (const orgId of await listOrganisationsWithPeriodsDue(options.dependencies.db, isoDay(now))) {
      if (stopping) return;
      await settleBilling(options.dependencies, orgId, now, async () => undefined);
      // Requests waiting for the database go between organisations.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // With Stripe: retries of past-due renewals due now are written, then the renewals just written
    // (or left by reads of the plan) and the retries are charged, outside any lock.
    if (!stopping) await collectRenewals(options.dependencies, now);
  }
  const job = createIntervalJob('invoices', run, options.intervalMs, options.logger);
  return {
    ...job,
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
