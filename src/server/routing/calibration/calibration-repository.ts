import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { routingCalibrations, routingCalibrationSignals } from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';
import { nextOffset, type CalibrationDirection } from './calibration-rule';

/** An organisation's calibration as routing and its administrators read it. */
export interface OrganisationCalibration {
  offset: number;
  /** Signals that moved it since the last reset. */
  signals: number;
  /** Null: never moved. */
  updatedAt: Date | null;
}

export const noCalibration: OrganisationCalibration = { offset: 0, signals: 0, updatedAt: null };

export async function loadCalibration(db: Executor, orgId: string): Promise<OrganisationCalibration> {
  const [row] = await db.select().from(routingCalibrations).where(inOrganisation(routingCalibrations.orgId, orgId));
  if (!row) return noCalibration;
  return { offset: row.thresholdOffset, signals: row.strongerSignals + row.cheaperSignals, updatedAt: row.updatedAt };
}

/**
 * Moves the organisation's calibration one step for a signal about one reply (its decision), in
 * the caller's transaction. A reply moves it once: a second signal about the same decision (a
 * rating after a regeneration, a repeated request) changes nothing. Returns whether it moved.
 */
export async function recordCalibrationSignal(
  transaction: Executor,
  orgId: string,
  decisionId: string,
  direction: CalibrationDirection,
  source: 'rating' | 'regeneration' | 'edit',
): Promise<boolean> {
  const claimed = await transaction
    .insert(routingCalibrationSignals)
    .values({ decisionId, orgId, direction, source })
    .onConflictDoNothing()
    .returning({ decisionId: routingCalibrationSignals.decisionId });
  if (claimed.length === 0) return false;
  await transaction.insert(routingCalibrations).values({ orgId }).onConflictDoNothing();
  // Locked, so two signals of one organisation at once both count.
  const [row] = await transaction.select().from(routingCalibrations).where(inOrganisation(routingCalibrations.orgId, orgId)).for('update');
  await transaction
    .update(routingCalibrations)
    .set({
      thresholdOffset: nextOffset(row!.thresholdOffset, direction),
      strongerSignals: row!.strongerSignals + (direction === 'stronger' ? 1 : 0),
      cheaperSignals: row!.cheaperSignals + (direction === 'cheaper' ? 1 : 0),
      updatedAt: sql`now()`,
    })
    .where(inOrganisation(routingCalibrations.orgId, orgId));
  return true;
}

/**
 * Back to the benchmarks' threshold. The replies that already counted stay claimed, so a reply
 * rated before the reset cannot move the new calibration.
 */
export async function resetCalibration(transaction: Executor, orgId: string): Promise<void> {
  await transaction.delete(routingCalibrations).where(inOrganisation(routingCalibrations.orgId, orgId));
}
