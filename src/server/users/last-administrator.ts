import { messages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import { countActiveAdministrators } from './organisation-user-repository';

/**
 * Called inside an administrative change (which holds the organisation's lock) after it demoted,
 * removed or renamed away an administrator: with nobody left to administer the organisation, the
 * change is refused and its transaction rolls back.
 */
export async function refuseLosingTheLastAdministrator(transaction: Executor, orgId: string): Promise<void> {
  if ((await countActiveAdministrators(transaction, orgId)) === 0)
    throw new AppError('conflict', messages.lastAdministrator);
}
