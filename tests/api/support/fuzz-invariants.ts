import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/database';
import {
  auditEntries,
  chatMessages,
  chatSessions,
  feedback,
  organisations,
  organisationSettings,
  rolePermissions,
  roles,
  systemMessages,
  usageRecords,
  userPreferences,
  users,
} from '../../../src/server/db/schema';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Every row of every table with an org_id that belongs to the organisation, and the organisation itself. */
export async function organisationSnapshot(db: Database, orgId: string): Promise<Record<string, unknown[]>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.columns where column_name = 'org_id' and table_schema = current_schema() order by table_name`,
    ),
  );
  const snapshot: Record<string, unknown[]> = {
    organisations: await db.select().from(organisations).where(eq(organisations.id, orgId)),
  };
  for (const { table_name: table } of tables) {
    snapshot[table] = rowsOf(
      await db.execute(sql`select * from ${sql.identifier(table)} where org_id = ${orgId} order by 1`),
    );
  }
  return JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown[]>;
}

const controlCharacter = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const storedLoneSurrogate = '\ufffd';

/**
 * What must hold after any sequence of requests, as plain sentences naming the rows that break it:
 * nothing half-written, no row crossing users or organisations, no text saved other than as sent.
 * Sessions the run created (not `fixtureSessionIds`, whose messages the run may delete one by one)
 * start with the user's message and have no reply without a user message before it.
 */
export async function brokenInvariants(db: Database, orgIds: string[], fixtureSessionIds: string[]): Promise<string[]> {
  const problems: string[] = [];
  const report = (what: string, rows: unknown[]) =>
    rows.length > 0 &&
    problems.push(
      `${what}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`,
    );

  const messages = await db
    .select({
      id: chatMessages.id,
      sessionId: chatMessages.sessionId,
      role: chatMessages.role,
      orgId: chatMessages.orgId,
      userId: chatMessages.userId,
      content: chatMessages.content,
      sessionOrgId: chatSessions.orgId,
      sessionUserId: chatSessions.userId,
    })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(inArray(chatMessages.orgId, orgIds))
    .orderBy(asc(chatMessages.sessionId), asc(chatMessages.createdAt), asc(chatMessages.id));
  report(
    'messages of another user or organisation than their session',
    messages.filter((message) => message.orgId !== message.sessionOrgId || message.userId !== message.sessionUserId),
  );

  const sessions = await db
    .select({ id: chatSessions.id, title: chatSessions.title })
    .from(chatSessions)
    .where(inArray(chatSessions.orgId, orgIds));
  const created = sessions.filter((session) => !fixtureSessionIds.includes(session.id));
  const turnsOf = (sessionId: string) =>
    messages.filter((message) => message.sessionId === sessionId).map((message) => message.role);
  report(
    'sessions without their user message first',
    created.filter((session) => turnsOf(session.id)[0] !== 'user'),
  );
  report(
    'replies without a user message before them',
    created.filter((session) =>
      turnsOf(session.id).some((role, index, turns) => role === 'assistant' && !turns.slice(0, index).includes('user')),
    ),
  );
  report(
    'session titles that are not one line',
    sessions.filter((session) => controlCharacter.test(session.title)),
  );

  const usage = await db
    .select({
      id: usageRecords.id,
      orgId: usageRecords.orgId,
      userOrgId: users.orgId,
      messageOrgId: chatMessages.orgId,
      messageUserId: chatMessages.userId,
      userId: usageRecords.userId,
    })
    .from(usageRecords)
    .leftJoin(users, eq(users.id, usageRecords.userId))
    .leftJoin(chatMessages, eq(chatMessages.id, usageRecords.messageId))
    .where(inArray(usageRecords.orgId, orgIds));
  report(
    'usage records whose user is not of their organisation',
    usage.filter((record) => record.userOrgId !== record.orgId),
  );
  report(
    'usage records of another user or organisation than their message',
    usage.filter(
      (record) =>
        record.messageOrgId !== null &&
        (record.messageOrgId !== record.orgId || record.messageUserId !== record.userId),
    ),
  );

  const ratings = await db
    .select({ id: feedback.id, orgId: feedback.orgId, userOrgId: users.orgId })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(inArray(feedback.orgId, orgIds));
  report(
    'ratings whose user is not of their organisation',
    ratings.filter((rating) => rating.userOrgId !== rating.orgId),
  );

  const people = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.orgId, orgIds));
  report(
    'names that are not one line',
    people.filter((person) =>
      [person.username, person.firstName, person.lastName, person.phone].some(
        (value) => value !== null && controlCharacter.test(value),
      ),
    ),
  );

  const heldRoles = await db
    .select({ id: users.id, orgId: users.orgId, roleOrgId: roles.orgId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.orgId, orgIds));
  report(
    'people holding a role of another organisation',
    heldRoles.filter((person) => person.roleOrgId !== person.orgId),
  );
  const permissions = await db
    .select({ roleId: rolePermissions.roleId, orgId: rolePermissions.orgId, roleOrgId: roles.orgId })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(inArray(rolePermissions.orgId, orgIds));
  report(
    'role permissions of another organisation than their role',
    permissions.filter((permission) => permission.roleOrgId !== permission.orgId),
  );
  const audited = await db
    .select({
      id: auditEntries.id,
      orgId: auditEntries.orgId,
      actorOrgId: users.orgId,
      before: auditEntries.before,
      after: auditEntries.after,
    })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .where(inArray(auditEntries.orgId, orgIds));
  report(
    'audit entries by someone of another organisation',
    audited.filter((entry) => entry.actorOrgId !== entry.orgId),
  );
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(inArray(roles.orgId, orgIds));
  report(
    'role names that are not one line',
    roleRows.filter((role) => controlCharacter.test(role.name)),
  );
  const organisationRows = await db.select().from(organisations).where(inArray(organisations.id, orgIds));
  report(
    'organisation details that are not one line',
    organisationRows.filter((row) =>
      [row.name, row.domain, row.industry, row.contactEmail].some(
        (value) => value !== null && controlCharacter.test(value),
      ),
    ),
  );
  const settings = await db.select().from(organisationSettings).where(inArray(organisationSettings.orgId, orgIds));

  const notices = await db
    .select({ id: systemMessages.id, content: systemMessages.content })
    .from(systemMessages)
    .where(inArray(systemMessages.orgId, orgIds));
  const preferences = await db.select().from(userPreferences).where(inArray(userPreferences.orgId, orgIds));
  const texts = [
    ...sessions.map((session) => ({ id: session.id, text: session.title })),
    ...messages
      .filter((message) => message.role === 'user')
      .map((message) => ({ id: message.id, text: message.content })),
    ...people.map((person) => ({ id: person.id, text: JSON.stringify(person) })),
    ...notices.map((notice) => ({ id: notice.id, text: notice.content })),
    ...preferences.map((row) => ({ id: row.userId, text: JSON.stringify(row) })),
    ...roleRows.map((role) => ({ id: role.id, text: JSON.stringify(role) })),
    ...organisationRows.map((row) => ({ id: row.id, text: JSON.stringify(row) })),
    ...settings.map((row) => ({ id: row.orgId, text: JSON.stringify(row) })),
    ...audited.map((entry) => ({ id: entry.id, text: JSON.stringify(entry) })),
  ];
  report(
    'text stored with U+FFFD, what an unpaired surrogate becomes on its way to the database',
    texts.filter((entry) => entry.text.includes(storedLoneSurrogate)),
  );
  return problems;
}

/** Model calls whose reply was recorded as usage (a cache hit asks no model). */
export async function recordedModelCalls(db: Database, orgIds: string[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(usageRecords)
    .where(and(inArray(usageRecords.orgId, orgIds), eq(usageRecords.cacheHit, false)));
  return row?.count ?? 0;
}
