import { messages, type UpdateProfileRequest, type User } from '../../contracts';
import type { Database } from '../db/database';
import { unauthorized, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { findTakenIdentity, findUser, presentUser, updateUser } from './user-repository';

const usernameTaken = () => validationFailed(messages.usernameTaken, { username: messages.usernameTaken });

/**
 * Saves the caller's own profile details; an empty name or phone clears it. The e-mail address is
 * the sign-in and recovery address: sending the current one is fine, a different one is refused.
 */
export async function updateOwnProfile(db: Database, caller: Caller, input: UpdateProfileRequest): Promise<User> {
  const current = await findUser(db, caller.orgId, caller.userId);
  if (!current) throw unauthorized();
  if (input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase()) {
    throw validationFailed(messages.emailNotChangeable, { email: messages.emailNotChangeable });
  }
  const renamed = input.username.toLowerCase() !== current.username.toLowerCase();
  if (renamed && (await findTakenIdentity(db, input.username, current.email)).usernameTaken) throw usernameTaken();
  try {
    await updateUser(db, caller.orgId, caller.userId, {
      username: input.username,
      firstName: input.first_name || null,
      lastName: input.last_name || null,
      phone: input.phone || null,
    });
  } catch (error) {
    // Someone took the name between the check and the update.
    if (uniqueViolationIndex(error) === 'users_username_unique') throw usernameTaken();
    throw error;
  }
  return presentUser((await findUser(db, caller.orgId, caller.userId))!);
}
