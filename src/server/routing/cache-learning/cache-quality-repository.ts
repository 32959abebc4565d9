import { eq, sql } from 'drizzle-orm';
import type { CacheLookupDecision } from '../../../gateway';
import type { Picodollars } from '../../../money';
import type { Executor } from '../../db/database';
import {
  cacheQualityDailyTotals,
  cacheQualityLabels,
  cacheServedHits,
  type CacheHitDecider,
  type CacheLabelSource,
} from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';

export interface NewCacheLabel {
  orgId: string;
  /** The hit's decision (checks and users' signals); null for a judged lookup. */
  decisionId: string | null;
  entryId: string;
  source: CacheLabelSource;
  same: boolean;
  similarity: number;
  judgeModelId: string | null;
  costPicodollars: Picodollars;
}

/** Stores a label; a hit is labelled once per source (a second check or signal about it is dropped). */
export async function insertCacheLabel(db: Executor, label: NewCacheLabel): Promise<boolean> {
  const inserted = await db
    .insert(cacheQualityLabels)
    .values(label)
    .onConflictDoNothing({ target: [cacheQualityLabels.decisionId, cacheQualityLabels.source] })
    .returning({ id: cacheQualityLabels.id });
  return inserted.length > 0;
}

/** A semantic hit as the learner read it: kept so that a later check or signal can teach it. */
export interface ServedPair {
  entryId: string;
  similarity: number;
  values: number[];
  decision: CacheLookupDecision;
}

/** A hit served, written in the transaction that records it. */
export interface RecordedCacheHit {
  orgId: string;
  decisionId: string;
  /** What decided a semantic hit; undefined for an exact repeat. */
  decidedBy?: CacheHitDecider;
  /** The pair the learner read, for a semantic hit. */
  pair?: ServedPair;
  /** The hit's reference cost less its judge's. */
  savedPicodollars: Picodollars;
  now?: Date;
}

/**
 * Counts a hit in the organisation's daily figures and, for a semantic hit, keeps the pair it was
 * decided on (docs/decisions/080). In the hit's own recording transaction, so the figures hold
 * exactly the hits recorded.
 */
export async function recordCacheHit(transaction: Executor, hit: RecordedCacheHit): Promise<void> {
  const day = (hit.now ?? new Date()).toISOString().slice(0, 10);
  const semantic = hit.decidedBy !== undefined;
  if (hit.pair && hit.decidedBy)
    await transaction.insert(cacheServedHits).values({
      decisionId: hit.decisionId,
      orgId: hit.orgId,
      entryId: hit.pair.entryId,
      similarity: hit.pair.similarity,
      decidedBy: hit.decidedBy,
      features: hit.pair.values,
      lookup: hit.pair.decision,
    });
  const row = {
    orgId: hit.orgId,
    day,
    exactHits: semantic ? 0 : 1,
    semanticHits: semantic ? 1 : 0,
    learnedHits: hit.decidedBy === 'learner' ? 1 : 0,
    judgedHits: hit.decidedBy === 'judge' ? 1 : 0,
    savedPicodollars: hit.savedPicodollars,
  };
  const totals = cacheQualityDailyTotals;
  await transaction
    .insert(totals)
    .values(row)
    .onConflictDoUpdate({
      target: [totals.orgId, totals.day],
      set: {
        exactHits: sql`${totals.exactHits} + excluded.exact_hits`,
        semanticHits: sql`${totals.semanticHits} + excluded.semantic_hits`,
        learnedHits: sql`${totals.learnedHits} + excluded.learned_hits`,
        judgedHits: sql`${totals.judgedHits} + excluded.judged_hits`,
        savedPicodollars: sql`${totals.savedPicodollars} + excluded.saved_picodollars`,
      },
    });
}

/** The pair a served semantic hit was decided on; undefined for an exact repeat, another organisation's or an unknown decision. */
export async function findServedPair(db: Executor, orgId: string, decisionId: string): Promise<ServedPair | undefined> {
  const [row] = await db
    .select()
    .from(cacheServedHits)
    .where(inOrganisation(cacheServedHits.orgId, orgId, eq(cacheServedHits.decisionId, decisionId)));
  if (!row) return undefined;
  return {
    entryId: row.entryId,
    similarity: row.similarity,
    values: row.features,
    decision: row.lookup as CacheLookupDecision,
  };
}

/** The organisation's cache figures since it began: counted in the database, one row each. */
export interface CacheFigureCounts {
  lookups: number;
  learnedLookups: number;
  exactHits: number;
  semanticHits: number;
  learnedHits: number;
  judgedHits: number;
  savedPicodollars: Picodollars;
  judgeCalls: number;
  judgedSame: number;
  judgeCostPicodollars: Picodollars;
  checkedHits: number;
  wrongHits: number;
  checkCostPicodollars: Picodollars;
  flaggedHits: number;
}

export async function cacheFigureCounts(db: Executor, orgId: string): Promise<CacheFigureCounts> {
  const totals = cacheQualityDailyTotals;
  const labels = cacheQualityLabels;
  const [daily] = await db
    .select({
      lookups: sql<number>`coalesce(sum(${totals.lookups}), 0)::integer`,
      learnedLookups: sql<number>`coalesce(sum(${totals.learnedLookups}), 0)::integer`,
      exactHits: sql<number>`coalesce(sum(${totals.exactHits}), 0)::integer`,
      semanticHits: sql<number>`coalesce(sum(${totals.semanticHits}), 0)::integer`,
      learnedHits: sql<number>`coalesce(sum(${totals.learnedHits}), 0)::integer`,
      judgedHits: sql<number>`coalesce(sum(${totals.judgedHits}), 0)::integer`,
      saved: sql<string>`coalesce(sum(${totals.savedPicodollars}), 0)::text`,
    })
    .from(totals)
    .where(inOrganisation(totals.orgId, orgId));
  const of = (source: CacheLabelSource) => sql`${labels.source} = ${source}`;
  const [labelled] = await db
    .select({
      judgeCalls: sql<number>`(count(*) filter (where ${of('judge')}))::integer`,
      judgedSame: sql<number>`(count(*) filter (where ${of('judge')} and ${labels.same}))::integer`,
      judgeCost: sql<string>`coalesce(sum(${labels.costPicodollars}) filter (where ${of('judge')}), 0)::text`,
      checkedHits: sql<number>`(count(*) filter (where ${of('check')}))::integer`,
      wrongHits: sql<number>`(count(*) filter (where ${of('check')} and not ${labels.same}))::integer`,
      checkCost: sql<string>`coalesce(sum(${labels.costPicodollars}) filter (where ${of('check')}), 0)::text`,
      flaggedHits: sql<number>`(count(*) filter (where ${of('feedback')} and not ${labels.same}))::integer`,
    })
    .from(labels)
    .where(inOrganisation(labels.orgId, orgId));
  return {
    lookups: daily!.lookups,
    learnedLookups: daily!.learnedLookups,
    exactHits: daily!.exactHits,
    semanticHits: daily!.semanticHits,
    learnedHits: daily!.learnedHits,
    judgedHits: daily!.judgedHits,
    savedPicodollars: BigInt(daily!.saved),
    judgeCalls: labelled!.judgeCalls,
    judgedSame: labelled!.judgedSame,
    judgeCostPicodollars: BigInt(labelled!.judgeCost),
    checkedHits: labelled!.checkedHits,
    wrongHits: labelled!.wrongHits,
    checkCostPicodollars: BigInt(labelled!.checkCost),
    flaggedHits: labelled!.flaggedHits,
  };
}
