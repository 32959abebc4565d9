import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { budgetLeases } from './schema';
import { inOrganisation } from './tenant-scope';

// What budget leases hold (docs/decisions/073), for the sums of the domains whose room they hold:
// a person's monthly limits (usage), an API key's budget (api-keys) and the wallet (wallet). A
// lease counts what it grants beyond the usage records written under it.

/** A lease's grant less what the records under it count, never below nothing. */
const beyondRecords = (granted: SQL, recorded: SQL) =>
  sql`greatest(coalesce(${granted}, 0) - coalesce((${recorded}), 0), 0)`;

/**
 * Per model, what one person's limit leases of the period grant beyond their records: tokens and
 * cost, as exact text (the records themselves are in the period's usage, streaming ones included).
 */
export function limitLeasesBeyondRecords(
  orgId: string,
  userId: string,
  periodStart: Date,
  modelIds: readonly string[],
) {
  const recordedTokens = sql`select sum(r.input_tokens + r.output_tokens) from usage_records r where r.limit_lease_id = ${budgetLeases.id}`;
  const recordedCost = sql`select sum(r.cost_usd) from usage_records r where r.limit_lease_id = ${budgetLeases.id}`;
  return {
    tokens: sql<string>`coalesce(sum(${beyondRecords(sql`${budgetLeases.tokens}`, recordedTokens)}), 0)::text`,
    cost: sql<string>`coalesce(sum(${beyondRecords(sql`${budgetLeases.costUsd}`, recordedCost)}), 0)::text`,
    where: inOrganisation(
      budgetLeases.orgId,
      orgId,
      eq(budgetLeases.kind, 'limit'),
      eq(budgetLeases.userId, userId),
      eq(budgetLeases.periodStart, periodStart),
      inArray(budgetLeases.modelId, [...modelIds]),
    ),
  };
}

/** What an API key's budget leases of the period grant beyond their records, exact text. */
export function keyBudgetLeasesBeyondRecords(orgId: string, apiKeyId: string, periodStart: Date): SQL<string> {
  const recorded = sql`select sum(r.cost_usd) from usage_records r where r.budget_lease_id = ${budgetLeases.id}`;
  return sql<string>`(select coalesce(sum(${beyondRecords(sql`${budgetLeases.costUsd}`, recorded)}), 0) from ${budgetLeases}
    where ${and(
      eq(budgetLeases.orgId, orgId),
      eq(budgetLeases.kind, 'key-budget'),
      eq(budgetLeases.apiKeyId, apiKeyId),
      eq(budgetLeases.periodStart, periodStart),
    )})`;
}

/**
 * What the organisation's wallet leases grant beyond what their records have been debited (a
 * record is debited once it stops streaming), exact: held against the balance like reservations.
 */
export function walletLeasesBeyondDebits(orgId: string): SQL<string> {
  const debited = sql`select sum(r.cost_usd) from usage_records r where r.wallet_lease_id = ${budgetLeases.id} and r.billed_to_wallet and r.outcome <> 'streaming'`;
  return sql<string>`(select coalesce(sum(${beyondRecords(sql`${budgetLeases.costUsd}`, debited)}), 0) from ${budgetLeases}
    where ${and(eq(budgetLeases.orgId, orgId), eq(budgetLeases.kind, 'wallet'))})`;
}
