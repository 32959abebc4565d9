import type { z } from 'zod';
import { messages, type routingSavingsQuerySchema, type RoutingSavingsResponse } from '../../contracts';
import { findModel, type CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { validationFailed } from '../http/app-error';
import { savingsByDayAndModel, savingsByUser } from './savings-repository';

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The spec's default range: the last 30 days up to today (UTC), both included. */
export function savingsRange(
  query: z.infer<typeof routingSavingsQuerySchema>,
  now = new Date(),
): { from: string; to: string; start: Date; end: Date } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 30 * dayMs));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + dayMs);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw validationFailed('Dates must look like YYYY-MM-DD');
  if (start >= end) throw validationFailed(messages.startAfterEnd);
  return { from, to, start, end };
}

const round = (amount: number) => Math.round(amount * 1e10) / 1e10;

/** Sums what every request stored; nothing is re-priced, so old requests keep the prices of their day. */
export async function routingSavings(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  query: z.infer<typeof routingSavingsQuerySchema>,
): Promise<RoutingSavingsResponse> {
  const range = savingsRange(query);
  const filter = { start: range.start, end: range.end, userId: query.user_id };
  const [daily, byUser] = await Promise.all([
    savingsByDayAndModel(db, orgId, filter),
    savingsByUser(db, orgId, filter),
  ]);
  const byModel = new Map<string, RoutingSavingsResponse['cost_savings'][number]>();
  for (const row of daily) {
    const entry = byModel.get(row.modelId) ?? {
      model_id: row.modelId,
      model_name: findModel(catalog, row.modelId)?.displayName ?? row.modelId,
      daily_savings: [],
    };
    entry.daily_savings.push({
      date: row.date,
      tokens_used: row.tokensUsed,
      actual_cost: round(row.actualCost),
      potential_cost: round(row.potentialCost),
    });
    byModel.set(row.modelId, entry);
  }
  const sum = (pick: (row: (typeof daily)[number]) => number) => daily.reduce((total, row) => total + pick(row), 0);
  const actual = sum((row) => row.actualCost);
  const potential = sum((row) => row.potentialCost);
  return {
    from: range.from,
    to: range.to,
    totals: {
      requests: sum((row) => row.requests),
      cache_hits: sum((row) => row.cacheHits),
      tokens_used: sum((row) => row.tokensUsed),
      actual_cost: round(actual),
      potential_cost: round(potential),
      savings: round(potential - actual),
    },
    cost_savings: [...byModel.values()],
    by_user: byUser.map((row) => ({
      user_id: row.userId,
      username: row.username,
      requests: row.requests,
      cache_hits: row.cacheHits,
      actual_cost: round(row.actualCost),
      potential_cost: round(row.potentialCost),
    })),
  };
}
