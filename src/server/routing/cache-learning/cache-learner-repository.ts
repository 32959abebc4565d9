import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  createCacheLearnerState,
  parseCacheLearnerState,
  pairFeatureNames,
  type CacheLearnerState,
} from '../../../gateway';
import type { Database, Executor } from '../../db/database';
import { cacheLearnerStates } from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';

/**
 * Labels from which the organisation's learned threshold decides its Auto lookups (docs/decisions/080);
 * before that, the static rules of decision 026 do and the learner only learns.
 */
export const cacheDecidingLabels = 100;

export interface StoredCacheLearner {
  state: CacheLearnerState;
  version: number;
  decidingSince: Date | null;
  updatedAt: Date;
}

/** Whether a state has learned enough to decide lookups. */
export const cacheLearnerDecides = (state: CacheLearnerState) => state.labels >= cacheDecidingLabels;

/**
 * The stored JSON as a state this code may use. One that fails its schema, or whose weights belong
 * to other pair features than today's, counts as empty: logged, and overwritten by the next label or reset.
 */
function usableCacheLearnerState(json: unknown, logger: Logger, orgId: string): CacheLearnerState {
  let state: CacheLearnerState;
  try {
    state = parseCacheLearnerState(json);
  } catch (error) {
    logger.warn({ err: error, orgId }, "the organisation's stored cache learner is invalid: it starts afresh");
    return createCacheLearnerState();
  }
  if (state.featureNames.join() !== pairFeatureNames.join()) {
    logger.info(
      { orgId, learnedWith: state.featureNames },
      "the organisation's cache learner was learned with other pair features: it starts afresh",
    );
    return createCacheLearnerState();
  }
  return state;
}

/** The organisation's stored learner, or undefined when it has none. */
export async function readCacheLearner(
  db: Executor,
  orgId: string,
  logger: Logger,
): Promise<StoredCacheLearner | undefined> {
  const [row] = await db.select().from(cacheLearnerStates).where(inOrganisation(cacheLearnerStates.orgId, orgId));
  if (!row) return undefined;
  return { ...row, state: usableCacheLearnerState(row.state, logger, orgId) };
}

/**
 * Changes the organisation's learner in one transaction, its row locked (FOR UPDATE): two instances
 * learning at once take turns, and each learns on the other's result, so no label is lost.
 */
export function changeCacheLearner(
  db: Database,
  orgId: string,
  logger: Logger,
  change: (state: CacheLearnerState) => CacheLearnerState,
): Promise<StoredCacheLearner> {
  return db.transaction(async (transaction) => {
    await transaction
      .insert(cacheLearnerStates)
      .values({ orgId, state: createCacheLearnerState() })
      .onConflictDoNothing({ target: cacheLearnerStates.orgId });
    const [row] = await transaction
      .select()
      .from(cacheLearnerStates)
      .where(inOrganisation(cacheLearnerStates.orgId, orgId))
      .for('update');
    const next = change(usableCacheLearnerState(row!.state, logger, orgId));
    const [saved] = await transaction
      .update(cacheLearnerStates)
      .set({
        state: next,
        labels: next.labels,
        version: sql`${cacheLearnerStates.version} + 1`,
        decidingSince: cacheLearnerDecides(next) ? (row!.decidingSince ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(inOrganisation(cacheLearnerStates.orgId, orgId))
      .returning();
    return { ...saved!, state: next };
  });
}

/** Back to the prior (a reset), in the caller's transaction; the version still grows, so every instance's copy follows. */
export async function resetCacheLearner(db: Executor, orgId: string): Promise<StoredCacheLearner> {
  const empty = createCacheLearnerState();
  const reset = { state: empty, labels: 0, decidingSince: null, updatedAt: new Date() };
  const [saved] = await db
    .insert(cacheLearnerStates)
    .values({ orgId, ...reset, version: 1 })
    .onConflictDoUpdate({
      target: cacheLearnerStates.orgId,
      set: { ...reset, version: sql`${cacheLearnerStates.version} + 1` },
    })
    .returning();
  return { ...saved!, state: empty };
}
