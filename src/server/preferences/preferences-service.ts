import { defaultPreferences, preferencesSchema, type Preferences } from '../../contracts';
import { deleteAllSessions } from '../conversations/chat-session-repository';
import type { Database } from '../db/database';
import { deleteUserFeedback } from '../feedback/feedback-repository';
import { forbidden } from '../http/app-error';
import type { Caller } from '../http/context';
import { deletePreferences, readStoredPreferences, writePreferences } from '../users/preferences-repository';

/** Preference calls name a user; it must be the caller. */
function requireSelf(caller: Caller, userId: string): void {
  if (userId !== caller.userId) throw forbidden();
}

/** The stored preferences over the defaults; a stored field that no longer validates falls back. */
export async function getPreferences(db: Database, caller: Caller, userId: string): Promise<Preferences> {
  requireSelf(caller, userId);
  const stored = (await readStoredPreferences(db, caller.orgId, caller.userId)) ?? {};
  const preferences: Record<string, unknown> = { ...defaultPreferences };
  for (const [field, schema] of Object.entries(preferencesSchema.shape)) {
    const parsed = schema.safeParse(stored[field]);
    if (field in stored && parsed.success) preferences[field] = parsed.data;
  }
  return preferences as Preferences;
}

export async function updatePreferences(
  db: Database,
  caller: Caller,
  userId: string,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const merged = { ...(await getPreferences(db, caller, userId)), ...changes };
  await writePreferences(db, caller.orgId, caller.userId, merged);
  return merged;
}

/** Deletes every conversation of the user (messages with them); usage records stay for billing. */
export async function deleteHistory(
  db: Database,
  caller: Caller,
  userId: string,
): Promise<{ success: true; deletedCount: number }> {
  requireSelf(caller, userId);
  return { success: true, deletedCount: await deleteAllSessions(db, { orgId: caller.orgId, userId: caller.userId }) };
}

/**
 * Deletes the user's own data: conversations, feedback and preferences. The account stays (an
 * admin removes people), and so do usage records, which are the organisation's billing data.
 */
export async function deleteAccountData(db: Database, caller: Caller, userId: string): Promise<{ success: true }> {
  requireSelf(caller, userId);
  await db.transaction(async (transaction) => {
    await deleteAllSessions(transaction, { orgId: caller.orgId, userId: caller.userId });
    await deleteUserFeedback(transaction, caller.orgId, caller.userId);
    await deletePreferences(transaction, caller.orgId, caller.userId);
  });
  return { success: true };
}
