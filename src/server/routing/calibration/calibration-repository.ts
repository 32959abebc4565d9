import { eq, sql } from 'drizzle-orm';
import { promptKinds, type PromptKind } from '../../../gateway';
import type { Executor } from '../../db/database';
import { routingCalibrationOffsets, routingCalibrationSignals } from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';
import { nextCacheOffset } from './cache-calibration-rule';
import { nextOffset } from './calibration-rule';
import type { CalibrationMove, CalibrationTarget } from './calibration-signal';

/** One threshold's calibration as routing and the organisation's administrators read it. */
export interface ThresholdCalibration {
  offset: number;
  /** Signals that moved it since the last reset. */
  signals: number;
  /** Null: never moved. */
  updatedAt: Date | null;
}

/** The router's threshold for each kind of prompt, and the cache's threshold (docs/decisions/033). */
export interface OrganisationCalibration {
  kinds: Record<PromptKind, ThresholdCalibration>;
  cache: ThresholdCalibration;
}

const unmoved: ThresholdCalibration = { offset: 0, signals: 0, updatedAt: null };

export const noCalibration: OrganisationCalibration = {
  kinds: Object.fromEntries(promptKinds.map((kind) => [kind, unmoved])) as Record<PromptKind, ThresholdCalibration>,
  cache: unmoved,
};

/** One read (a few rows by primary key) for the whole organisation. */
export async function loadCalibration(db: Executor, orgId: string): Promise<OrganisationCalibration> {
  const rows = await db
    .select()
    .from(routingCalibrationOffsets)
    .where(inOrganisation(routingCalibrationOffsets.orgId, orgId));
  const byTarget = new Map(
    rows.map((row) => [
      row.target,
      { offset: row.offset, signals: row.qualitySignals + row.savingSignals, updatedAt: row.updatedAt },
    ]),
  );
  return {
    kinds: Object.fromEntries(promptKinds.map((kind) => [kind, byTarget.get(kind) ?? unmoved])) as Record<
      PromptKind,
      ThresholdCalibration
    >,
    cache: byTarget.get('cache') ?? unmoved,
  };
}

const movesTowardQuality = (move: CalibrationMove) => move.direction === 'stronger' || move.direction === 'stricter';

function nextFor(offset: number, move: CalibrationMove): number {
  if (move.direction === 'stricter' || move.direction === 'laxer') return nextCacheOffset(offset, move.direction);
  return nextOffset(offset, move.direction);
}

/**
 * Moves one of the organisation's offsets one step for a signal about one reply (its decision),
 * in the caller's transaction. A reply moves the calibration once: a second signal about the same
 * decision (a rating after a regeneration, a repeated request) changes nothing. Returns whether it moved.
 */
export async function recordCalibrationSignal(
  transaction: Executor,
  orgId: string,
  decisionId: string,
  move: CalibrationMove,
  source: 'rating' | 'regeneration' | 'edit',
): Promise<boolean> {
  const claimed = await transaction
    .insert(routingCalibrationSignals)
    .values({ decisionId, orgId, direction: move.direction, target: move.target, source })
    .onConflictDoNothing()
    .returning({ decisionId: routingCalibrationSignals.decisionId });
  if (claimed.length === 0) return false;
  const ofTarget = (target: CalibrationTarget) =>
    inOrganisation(routingCalibrationOffsets.orgId, orgId, eq(routingCalibrationOffsets.target, target));
  await transaction.insert(routingCalibrationOffsets).values({ orgId, target: move.target }).onConflictDoNothing();
  // Locked, so two signals about one offset at once both count.
  const [row] = await transaction.select().from(routingCalibrationOffsets).where(ofTarget(move.target)).for('update');
  const quality = movesTowardQuality(move);
  await transaction
    .update(routingCalibrationOffsets)
    .set({
      offset: nextFor(row!.offset, move),
      qualitySignals: row!.qualitySignals + (quality ? 1 : 0),
      savingSignals: row!.savingSignals + (quality ? 0 : 1),
      updatedAt: sql`now()`,
    })
    .where(ofTarget(move.target));
  return true;
}

/**
 * Back to the measured thresholds, for every kind and the cache. The replies that already counted
 * stay claimed, so a reply rated before the reset cannot move the new calibration.
 */
export async function resetCalibration(transaction: Executor, orgId: string): Promise<void> {
  await transaction.delete(routingCalibrationOffsets).where(inOrganisation(routingCalibrationOffsets.orgId, orgId));
}
