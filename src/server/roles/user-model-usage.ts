import { and, gte, lt, sql } from 'drizzle-orm';
import type { UserModelUsage } from '../../contracts';
import type { Database } from '../db/database';
import { usageRecords } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { listOrganisationUsers } from '../users/organisation-user-repository';

/** The calendar month (UTC) holding `now`: its first instant, the next month's, and its 'YYYY-MM'. */
export function currentMonth(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, label: start.toISOString().slice(0, 7) };
}

/**
 * Each person's use of each model this month (GET /roles/usage/{orgId}, the User Management
 * screen): tokens in and out, cost and requests, summed in the database (exact decimals until the
 * answer), with totals per person. Removed people are left out; their records stay for history.
 */
export async function listUserModelUsage(db: Database, orgId: string, options: { now?: Date; userId?: string } = {}) {
  const month = currentMonth(options.now ?? new Date());
  const people = await listOrganisationUsers(db, orgId, { offset: 0, limit: 100_000 }, options.userId);
  const rows = await db
    .select({
      userId: usageRecords.userId,
      modelId: usageRecords.modelId,
      tokens: sql<string>`sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens})`,
      cost: sql<string>`sum(${usageRecords.costUsd})`,
      requests: sql<string>`count(*)`,
      userTokens: sql<string>`sum(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens})) over (partition by ${usageRecords.userId})`,
      userCost: sql<string>`sum(sum(${usageRecords.costUsd})) over (partition by ${usageRecords.userId})`,
    })
    .from(usageRecords)
    .where(
      inOrganisation(
        usageRecords.orgId,
        orgId,
        and(gte(usageRecords.createdAt, month.start), lt(usageRecords.createdAt, month.end), options.userId ? sql`${usageRecords.userId} = ${options.userId}` : undefined),
      ),
    )
    .groupBy(usageRecords.userId, usageRecords.modelId)
    .orderBy(usageRecords.userId, usageRecords.modelId);
  const usageByUser = new Map<string, typeof rows>();
  for (const row of rows) usageByUser.set(row.userId, [...(usageByUser.get(row.userId) ?? []), row]);
  const users: UserModelUsage[] = people.users.map((person) => {
    const models = usageByUser.get(person.id) ?? [];
    return {
      user_id: person.id,
      username: person.username,
      email: person.email,
      role_id: person.roleId,
      role_name: person.roleName,
      total_tokens: Number(models[0]?.userTokens ?? 0),
      total_cost: Number(models[0]?.userCost ?? 0),
      monthly_usage: models.map((model) => ({ model_id: model.modelId, tokens_used: Number(model.tokens), cost: Number(model.cost), requests: Number(model.requests) })),
    };
  });
  return { month: month.label, users };
}
