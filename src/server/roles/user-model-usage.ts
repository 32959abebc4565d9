import type { UserModelUsage } from '../../contracts';
import { sumUsdDecimals, usdNumber, usdNumberOf } from '../../money';
import { monthlyUsageOfUsers } from '../analytics/user-usage-repository';
import type { Database } from '../db/database';
import { listAllOrganisationUsers } from '../users/organisation-user-repository';

/**
 * Each person's use of each model this month (GET /roles/usage/{orgId}, the User Management
 * screen): tokens, cost and requests from the monthly roll-up (docs/decisions/020), so the answer
 * does not grow with the month's records, and exact totals per person. Removed people are left
 * out; their records stay for history. A reply still streaming counts once it ends.
 */
export async function listUserModelUsage(db: Database, orgId: string, options: { now?: Date; userId?: string } = {}) {
  const month = (options.now ?? new Date()).toISOString().slice(0, 7);
  const people = await listAllOrganisationUsers(db, orgId, options.userId);
  const usage = await monthlyUsageOfUsers(
    db,
    orgId,
    people.map((person) => person.id),
    month,
  );
  const users: UserModelUsage[] = people.map((person) => {
    const models = usage.get(person.id) ?? [];
    return {
      user_id: person.id,
      username: person.username,
      email: person.email,
      role_id: person.roleId,
      role_name: person.roleName,
      total_tokens: models.reduce((sum, model) => sum + model.tokensUsed, 0),
      total_cost: usdNumber(sumUsdDecimals(models.map((model) => model.costUsd))),
      monthly_usage: models.map((model) => ({
        model_id: model.modelId,
        tokens_used: model.tokensUsed,
        cost: usdNumberOf(model.costUsd),
        requests: model.requests,
      })),
    };
  });
  return { month, users };
}
