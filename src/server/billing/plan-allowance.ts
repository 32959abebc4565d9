import { and, gte, lte, sql } from 'drizzle-orm';
import type { PlanAllowance } from '../../contracts';
import { billingCycleOn } from '../analytics/billing-cycle';
import { findCycleAllowance } from '../analytics/usage-totals-repository';
import type { Executor } from '../db/database';
import { usageDailyTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { isoDay } from './billing-periods';

/** Tokens (input plus output) of the organisation's replies over the days, from the usage roll-ups (docs/decisions/020). */
async function tokensUsedBetween(db: Executor, orgId: string, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({
      tokens: sql<string>`coalesce(sum(${usageDailyTotals.inputTokens} + ${usageDailyTotals.outputTokens}), 0)::text`,
    })
    .from(usageDailyTotals)
    .where(
      inOrganisation(
        usageDailyTotals.orgId,
        orgId,
        and(gte(usageDailyTotals.day, fromDay), lte(usageDailyTotals.day, toDay)),
      ),
    );
  return Number(row?.tokens ?? 0);
}

/**
 * The current plan's allowance in the billing cycle holding `now` (docs/decisions/041): the same
 * cycle and tokens as the dashboard's analytics (the subscription's period, else 30-day cycles).
 * Null when the plan, and the Free Trial, set no tokens per cycle.
 */
export async function planAllowance(db: Executor, orgId: string, now = new Date()): Promise<PlanAllowance | null> {
  const allowance = await findCycleAllowance(db, orgId);
  if (!allowance || allowance.tokensPerCycle <= 0) return null;
  const cycle = billingCycleOn(allowance.anchorDay, isoDay(now), allowance.lengthDays ?? undefined);
  const used = await tokensUsedBetween(db, orgId, cycle.startDate, cycle.endDate);
  return {
    tokens_per_cycle: allowance.tokensPerCycle,
    tokens_used: used,
    cycle_start: cycle.startDate,
    cycle_end: cycle.endDate,
    resets_on: cycle.nextBillingDate,
    exhausted: used >= allowance.tokensPerCycle,
  };
}
