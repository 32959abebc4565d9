import { and, eq, gte, sql } from 'drizzle-orm';
import type { PromptKind } from '../../../gateway';
import type { Executor } from '../../db/database';
import { routingQualityLabels, usageDailySourceTotals, type ShadowVerdict } from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';
import { parsePicodollars } from '../../../money';

export interface NewShadowLabel {
  orgId: string;
  decisionId: string;
  promptKind: PromptKind | null;
  tier: number;
  modelId: string;
  strongModelId: string;
  judgeModelId: string;
  verdict: ShadowVerdict;
  strongCostPicodollars: bigint;
  judgeCostPicodollars: bigint;
}

/** Stores a verdict; a decision is labelled once (a second verdict for it is dropped). */
export async function insertShadowLabel(db: Executor, label: NewShadowLabel): Promise<boolean> {
  const inserted = await db
    .insert(routingQualityLabels)
    .values(label)
    .onConflictDoNothing({ target: routingQualityLabels.decisionId })
    .returning({ id: routingQualityLabels.id });
  return inserted.length > 0;
}

/** One kind of prompt and tier of the organisation's labels, counted in the database. */
export interface ShadowLabelGroup {
  promptKind: PromptKind | null;
  tier: number;
  sampled: number;
  judgedAsGood: number;
  costPicodollars: bigint;
}

/** The organisation's labels by kind of prompt and tier: one row a group, however many labels there are. */
export async function shadowLabelGroups(db: Executor, orgId: string): Promise<ShadowLabelGroup[]> {
  const rows = await db
    .select({
      promptKind: routingQualityLabels.promptKind,
      tier: routingQualityLabels.tier,
      sampled: sql<number>`count(*)::integer`,
      judgedAsGood: sql<number>`(count(*) filter (where ${routingQualityLabels.verdict} = 'as_good'))::integer`,
      cost: sql<string>`sum(${routingQualityLabels.strongCostPicodollars} + ${routingQualityLabels.judgeCostPicodollars})::text`,
    })
    .from(routingQualityLabels)
    .where(inOrganisation(routingQualityLabels.orgId, orgId))
    .groupBy(routingQualityLabels.promptKind, routingQualityLabels.tier);
  return rows.map(({ cost, ...group }) => ({ ...group, costPicodollars: BigInt(cost) }));
}

/** The first day of the UTC calendar month of `now`, as 'YYYY-MM-DD'. */
function monthStart(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/**
 * What the organisation's shadow evaluation calls cost this calendar month (UTC), every call
 * recorded with the source (a failed one too), read from the daily roll-up by source.
 */
export async function shadowSpendThisMonth(db: Executor, orgId: string, now = new Date()): Promise<bigint> {
  const [row] = await db
    .select({ cost: sql<string>`coalesce(sum(${usageDailySourceTotals.costUsd}), 0)::text` })
    .from(usageDailySourceTotals)
    .where(
      inOrganisation(
        usageDailySourceTotals.orgId,
        orgId,
        and(eq(usageDailySourceTotals.source, 'shadow-evaluation'), gte(usageDailySourceTotals.day, monthStart(now))),
      ),
    );
  return parsePicodollars(row?.cost ?? '0');
}
