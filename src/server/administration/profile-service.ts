import { messages, type UpdateProfileRequest, type User } from '../../contracts';
import type { Database } from '../db/database';
import { unauthorized, validationFailed } from '../http/app-error';
import { isSingleSignOnSession } from '../auth/session-repository';
import type { Caller } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { findTakenIdentity, findUser, presentUser, updateUser, type UserRecord } from '../users/user-repository';

/** The caller's profile, saying whether their organisation still needs them to set up two-factor authentication. */
export async function getOwnProfile(db: Database, caller: Caller): Promise<User> {
  const user = await findUser(db, caller.orgId, caller.userId);
  if (!user) throw unauthorized();
  return presentProfile(db, user, caller);
}

async function presentProfile(db: Database, user: UserRecord, caller: Caller): Promise<User> {
  const { security } = await getOrganisationSettings(db, user.orgId);
  const twoFactorSatisfied =
    user.totpEnabled || (security.require_2fa && (await isSingleSignOnSession(db, caller.orgId, caller.sessionId)));
  return presentUser(user, security.require_2fa && !twoFactorSatisfied);
}

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
  return presentProfile(db, (await findUser(db, caller.orgId, caller.userId))!, caller);
}
