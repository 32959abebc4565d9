import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  createOnlineRouterState,
  parseOnlineRouterState,
  type OnlineRouterState,
  type SentenceEncoder,
} from '../../../gateway';
import type { Database, Executor } from '../../db/database';
import { organisationRouterStates } from '../../db/schema';
import { inOrganisation } from '../../db/tenant-scope';

/** Labels from which the organisation's router chooses its own threshold (docs/decisions/047). */
export const decidingLabels = 200;

/** The part of a prompt the organisation's router embeds: the global router's head-and-tail window (docs/decisions/047). */
export const routerWindowCharacters = 256;

/** The part of the encoder a state must have been learned with. */
export type RouterEncoder = Pick<SentenceEncoder, 'id' | 'dimensions'>;

export interface StoredRouterState {
  state: OnlineRouterState;
  version: number;
  decidingSince: Date | null;
  updatedAt: Date;
}

/** A state this encoder may use: a fresh one for an organisation without a row. */
export function emptyRouterState(encoder: RouterEncoder): OnlineRouterState {
  return createOnlineRouterState(undefined, {
    id: encoder.id,
    dimensions: encoder.dimensions,
    windowCharacters: routerWindowCharacters,
  });
}

/**
 * The stored JSON as a state this encoder may use. A state that fails its schema, or was learned
 * with another encoder (its vectors cannot be compared with this one's), counts as empty: logged,
 * and overwritten by the next label or reset.
 */
function usableRouterState(json: unknown, encoder: RouterEncoder, logger: Logger, orgId: string): OnlineRouterState {
  let state: OnlineRouterState;
  try {
    state = parseOnlineRouterState(json);
  } catch (error) {
    logger.warn({ err: error, orgId }, "the organisation's stored router state is invalid: it starts afresh");
    return emptyRouterState(encoder);
  }
  if (state.encoder.id !== encoder.id || state.encoder.dimensions !== encoder.dimensions) {
    logger.info(
      { orgId, learnedWith: state.encoder.id, encoder: encoder.id },
      "the organisation's router was learned with another encoder: it starts afresh",
    );
    return emptyRouterState(encoder);
  }
  return state;
}

/** The organisation's stored state, or undefined when it has none. */
export async function readRouterState(
  db: Executor,
  orgId: string,
  encoder: RouterEncoder,
  logger: Logger,
): Promise<StoredRouterState | undefined> {
  const [row] = await db
    .select()
    .from(organisationRouterStates)
    .where(inOrganisation(organisationRouterStates.orgId, orgId));
  if (!row) return undefined;
  return { ...row, state: usableRouterState(row.state, encoder, logger, orgId) };
}

/**
 * Changes the organisation's state in one transaction, its row locked (FOR UPDATE): two instances
 * learning at once take turns, and each learns on the other's result, so no label is lost.
 */
export function changeRouterState(
  db: Database,
  orgId: string,
  encoder: RouterEncoder,
  logger: Logger,
  change: (state: OnlineRouterState) => OnlineRouterState,
): Promise<StoredRouterState> {
  return db.transaction(async (transaction) => {
    await transaction
      .insert(organisationRouterStates)
      .values({ orgId, state: emptyRouterState(encoder) })
      .onConflictDoNothing({ target: organisationRouterStates.orgId });
    const [row] = await transaction
      .select()
      .from(organisationRouterStates)
      .where(inOrganisation(organisationRouterStates.orgId, orgId))
      .for('update');
    const next = change(usableRouterState(row!.state, encoder, logger, orgId));
    const deciding = next.outcomes.length >= decidingLabels;
    const [saved] = await transaction
      .update(organisationRouterStates)
      .set({
        state: next,
        labels: next.labels,
        version: sql`${organisationRouterStates.version} + 1`,
        decidingSince: deciding ? (row!.decidingSince ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(inOrganisation(organisationRouterStates.orgId, orgId))
      .returning();
    return { ...saved!, state: next };
  });
}

/** Back to an empty state (a reset), in the caller's transaction; the version still grows, so every instance's copy follows. */
export async function resetRouterState(
  db: Executor,
  orgId: string,
  encoder: RouterEncoder,
): Promise<StoredRouterState> {
  const empty = emptyRouterState(encoder);
  const reset = { state: empty, labels: 0, decidingSince: null, updatedAt: new Date() };
  const [saved] = await db
    .insert(organisationRouterStates)
    .values({ orgId, ...reset, version: 1 })
    .onConflictDoUpdate({
      target: organisationRouterStates.orgId,
      set: { ...reset, version: sql`${organisationRouterStates.version} + 1` },
    })
    .returning();
  return { ...saved!, state: empty };
}
