import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chatSessions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type ChatSessionRecord = typeof chatSessions.$inferSelect;

/** The owner of a session: every read and change names both organisation and user. */
export interface SessionOwner {
  orgId: string;
  userId: string;
}

function owned(owner: SessionOwner, sessionId?: string) {
  return inOrganisation(chatSessions.orgId, owner.orgId, and(eq(chatSessions.userId, owner.userId), sessionId ? eq(chatSessions.id, sessionId) : undefined));
}

export async function createSession(db: Executor, owner: SessionOwner, title: string, id?: string): Promise<ChatSessionRecord> {
  const [session] = await db.insert(chatSessions).values({ ...owner, title, ...(id ? { id } : {}) }).returning();
  if (!session) throw new Error('Creating a chat session returned no row');
  return session;
}

export async function findSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<ChatSessionRecord | undefined> {
  const [session] = await db.select().from(chatSessions).where(owned(owner, sessionId));
  return session;
}

export async function listSessions(db: Executor, owner: SessionOwner): Promise<ChatSessionRecord[]> {
  return db.select().from(chatSessions).where(owned(owner)).orderBy(desc(chatSessions.updatedAt), desc(chatSessions.createdAt));
}

export async function renameSession(db: Executor, owner: SessionOwner, sessionId: string, title: string): Promise<boolean> {
  const rows = await db.update(chatSessions).set({ title, updatedAt: new Date() }).where(owned(owner, sessionId)).returning({ id: chatSessions.id });
  return rows.length > 0;
}

export async function touchSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<void> {
  await db.update(chatSessions).set({ updatedAt: new Date() }).where(owned(owner, sessionId));
}

export async function deleteSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<boolean> {
  const rows = await db.delete(chatSessions).where(owned(owner, sessionId)).returning({ id: chatSessions.id });
  return rows.length > 0;
}

export async function deleteAllSessions(db: Executor, owner: SessionOwner): Promise<number> {
  const rows = await db.delete(chatSessions).where(owned(owner)).returning({ id: chatSessions.id });
  return rows.length;
}
