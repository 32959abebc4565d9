import { and, desc, eq, inArray } from 'drizzle-orm';
import type { RouteInfo } from '../../contracts';
import { type Picodollars, usdDecimal, usdNumberOf } from '../../money';
import type { Executor } from '../db/database';
import { routingDecisions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type DecisionRecord = typeof routingDecisions.$inferSelect;
/** A new decision; its id may be chosen beforehand, so the reply can start before the row is written. */
export type NewDecision = Omit<typeof routingDecisions.$inferInsert, 'createdAt' | 'completedAt'>;

/** What is known once the reply is recorded. */
export interface DecisionOutcome {
  /** Null when no reply was written: no model answered, or the reply's rows could not be saved. */
  replyMessageId: string | null;
  servedModelId: string | null;
  inputTokens: number;
  outputTokens: number;
  costPicodollars: Picodollars;
  referenceCostPicodollars: Picodollars;
  /** Set when the outcome changes the reason (a fallback to the backup model). */
  reason?: DecisionRecord['reason'];
  reasonText?: string;
}

export async function insertDecision(db: Executor, decision: NewDecision): Promise<DecisionRecord> {
  const [row] = await db.insert(routingDecisions).values(decision).returning();
  return row!;
}

export async function completeDecision(
  db: Executor,
  orgId: string,
  decisionId: string,
  outcome: DecisionOutcome,
): Promise<DecisionRecord> {
  const { costPicodollars, referenceCostPicodollars, ...fields } = outcome;
  const [row] = await db
    .update(routingDecisions)
    .set({
      ...fields,
      costUsd: usdDecimal(costPicodollars),
      referenceCostUsd: usdDecimal(referenceCostPicodollars),
      completedAt: new Date(),
    })
    .where(inOrganisation(routingDecisions.orgId, orgId, eq(routingDecisions.id, decisionId)))
    .returning();
  if (!row) throw new Error('The routing decision to complete is gone');
  return row;
}

/** The caller's own decision, or undefined (another user's or organisation's is never found). */
export async function findOwnDecision(
  db: Executor,
  owner: { orgId: string; userId: string },
  decisionId: string,
): Promise<DecisionRecord | undefined> {
  const [row] = await db
    .select()
    .from(routingDecisions)
    .where(
      inOrganisation(
        routingDecisions.orgId,
        owner.orgId,
        and(eq(routingDecisions.userId, owner.userId), eq(routingDecisions.id, decisionId)),
      ),
    );
  return row;
}

export async function setDecisionFeedback(
  db: Executor,
  orgId: string,
  decisionId: string,
  feedback: DecisionRecord['feedback'],
): Promise<void> {
  await db
    .update(routingDecisions)
    .set({ feedback })
    .where(inOrganisation(routingDecisions.orgId, orgId, eq(routingDecisions.id, decisionId)));
}

/** Each reply's latest completed decision (a regenerated reply has one per answer). */
export async function latestDecisionsForReplies(
  db: Executor,
  orgId: string,
  replyMessageIds: readonly string[],
): Promise<Map<string, DecisionRecord>> {
  if (replyMessageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(routingDecisions)
    .where(
      inOrganisation(routingDecisions.orgId, orgId, inArray(routingDecisions.replyMessageId, [...replyMessageIds])),
    )
    .orderBy(desc(routingDecisions.completedAt));
  const latest = new Map<string, DecisionRecord>();
  for (const row of rows)
    if (row.replyMessageId && !latest.has(row.replyMessageId)) latest.set(row.replyMessageId, row);
  return latest;
}

export function presentRoute(decision: DecisionRecord): RouteInfo {
  return {
    decision_id: decision.id,
    mode: decision.mode,
    reason: decision.reason,
    reason_text: decision.reasonText,
    cached: decision.reason === 'cache_hit',
    cost_usd: usdNumberOf(decision.costUsd ?? '0'),
    reference_model: decision.referenceModelId,
    reference_cost_usd: usdNumberOf(decision.referenceCostUsd ?? '0'),
    ...(decision.router ? { router: decision.router } : {}),
  };
}
