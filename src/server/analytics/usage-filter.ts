import { apiKeyMessages, type UsageFilter } from '../../contracts';
import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import {
  filteredLatencyByDayAndModel,
  filteredTotalsByDayAndModel,
  organisationHasApiKey,
} from './usage-source-totals-repository';
import { type DayRange, latencyByDayAndModel, totalsByDayAndModel } from './usage-totals-repository';

/** Only the filter's own fields: a query object carries the dates too. */
export function usageFilterOf(query: UsageFilter): UsageFilter {
  return { source: query.source, apiKeyId: query.apiKeyId };
}

const isFiltered = (filter: UsageFilter) => filter.source !== undefined || filter.apiKeyId !== undefined;

// A key id from another organisation is refused the same as one that does not exist: its
// organisation's usage is never read, and whether it exists is not told.
async function checkKey(db: Executor, orgId: string, filter: UsageFilter) {
  if (filter.apiKeyId && !(await organisationHasApiKey(db, orgId, filter.apiKeyId))) {
    throw notFound(apiKeyMessages.keyNotFound);
  }
}

/** The daily totals per model, filtered by source and key when asked. */
export async function dailyTotals(db: Executor, orgId: string, range: DayRange, filter: UsageFilter) {
  if (!isFiltered(filter)) return totalsByDayAndModel(db, orgId, range);
  await checkKey(db, orgId, filter);
  return filteredTotalsByDayAndModel(db, orgId, range, filter);
}

/** The same with latency histograms. */
export async function dailyLatency(db: Executor, orgId: string, range: DayRange, filter: UsageFilter) {
  if (!isFiltered(filter)) return latencyByDayAndModel(db, orgId, range);
  await checkKey(db, orgId, filter);
  return filteredLatencyByDayAndModel(db, orgId, range, filter);
}
