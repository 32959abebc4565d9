import { and, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chatSessions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type ChatSessionRecord = typeof chatSessions.$inferSelect;

/** How long a deleted session can be restored; the retention job removes it for good after that. */
export const sessionUndoWindowMs = 10 * 60_000;

/** The owner of a session: every read and change names both organisation and user. */
export interface SessionOwner {
  orgId: string;
  userId: string;
}

/** The owner's sessions (one of them with `sessionId`), deleted ones included: only deleting all and restoring see those. */
function ownedEvenDeleted(owner: SessionOwner, sessionId?: string, ...conditions: SQL[]) {
  return inOrganisation(
    chatSessions.orgId,
    owner.orgId,
    eq(chatSessions.userId, owner.userId),
    sessionId ? eq(chatSessions.id, sessionId) : undefined,
    ...conditions,
  );
}

/** The owner's sessions that are not deleted: what every other read and change acts on. */
function owned(owner: SessionOwner, sessionId?: string) {
  return ownedEvenDeleted(owner, sessionId, isNull(chatSessions.deletedAt));
}

export async function createSession(
  db: Executor,
  owner: SessionOwner,
  title: string,
  id?: string,
): Promise<ChatSessionRecord> {
  const [session] = await db
    .insert(chatSessions)
    .values({ ...owner, title, ...(id ? { id } : {}) })
    .returning();
  if (!session) throw new Error('Creating a chat session returned no row');
  return session;
}

export async function findSession(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
): Promise<ChatSessionRecord | undefined> {
  const [session] = await db.select().from(chatSessions).where(owned(owner, sessionId));
  return session;
}

export async function listSessions(db: Executor, owner: SessionOwner): Promise<ChatSessionRecord[]> {
  return db
    .select()
    .from(chatSessions)
    .where(owned(owner))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.createdAt));
}

export async function renameSession(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
  title: string,
): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ title, updatedAt: new Date() })
    .where(owned(owner, sessionId))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/** Sets the title to `title` only while it is still `madeFrom` (one made from a prompt, not the user's own). */
export async function retitleSession(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
  title: { madeFrom: string; title: string },
): Promise<void> {
  await db
    .update(chatSessions)
    .set({ title: title.title, updatedAt: new Date() })
    .where(and(owned(owner, sessionId), eq(chatSessions.title, title.madeFrom)));
}

export async function touchSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<void> {
  await db.update(chatSessions).set({ updatedAt: new Date() }).where(owned(owner, sessionId));
}

/** Marks the session deleted; its messages stay until the undo window has passed. */
export async function deleteSession(db: Executor, owner: SessionOwner, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ deletedAt: now })
    .where(owned(owner, sessionId))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/**
 * Brings back a session deleted less than the undo window before `now` (its updated_at unchanged,
 * so it returns to its place in the list). A session not deleted is answered as it is.
 */
export async function restoreSession(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
  now: Date,
): Promise<ChatSessionRecord | undefined> {
  const restorable = or(
    isNull(chatSessions.deletedAt),
    gt(chatSessions.deletedAt, new Date(now.getTime() - sessionUndoWindowMs)),
  );
  const [session] = await db
    .update(chatSessions)
    .set({ deletedAt: null })
    .where(ownedEvenDeleted(owner, sessionId, restorable!))
    .returning();
  return session;
}

/** Removes all of the owner's sessions at once, deleted ones too; counts those that were still shown. */
export async function deleteAllSessions(db: Executor, owner: SessionOwner): Promise<number> {
  const rows = await db
    .delete(chatSessions)
    .where(ownedEvenDeleted(owner))
    .returning({ deletedAt: chatSessions.deletedAt });
  return rows.filter((row) => row.deletedAt === null).length;
}

/**
 * Locks one of the owner's sessions that is not deleted, for a write into it: a concurrent delete
 * waits for the write, or the write sees the session deleted (false).
 */
export async function lockLiveSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<boolean> {
  const rows = await db.select({ id: chatSessions.id }).from(chatSessions).where(owned(owner, sessionId)).for('update');
  return rows.length > 0;
}
