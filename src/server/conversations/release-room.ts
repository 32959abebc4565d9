import { deleteReservations } from '../usage/reservation-repository';
import type { ConversationDependencies } from './conversation-dependencies';

/**
 * Gives back the room a reply held in its caller's monthly limits (docs/decisions/019), once its
 * usage is recorded or its call failed. Never throws (it runs on paths already answering): a room
 * that could not be given back is held until the instance restarts or is found gone.
 */
export async function releaseRoom(
  dependencies: Pick<ConversationDependencies, 'db' | 'logger'>,
  orgId: string,
  reservationIds: readonly string[] | undefined,
): Promise<void> {
  if (!reservationIds || reservationIds.length === 0) return;
  try {
    await deleteReservations(dependencies.db, orgId, reservationIds);
  } catch (error) {
    dependencies.logger.error({ err: error, reservationIds }, 'giving back the room held in monthly limits failed');
  }
}
