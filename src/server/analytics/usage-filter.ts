import { apiKeyMessages, type UsageFilter } from '../../contracts';
import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import {
  filteredLatencyByDayAndModel,
  filteredTotalsByDayAndModel,
  keyVisibleTo,
} from './usage-source-totals-repository';
import { type DayRange, latencyByDayAndModel, totalsByDayAndModel } from './usage-totals-repository';

/**
 * Whose keys the caller may filter by (docs/decisions/061, amended): an administrator any key of
 * the organisation, anyone else (a model or billing manager) only their own personal keys, the
 * keys their Key select lists. They still see the organisation's unfiltered figures.
 */
export type KeyViewer = { everyKey: true } | { everyKey: false; userId: string };

/** Only the filter's own fields: a query object carries the dates too. */
export function usageFilterOf(query: UsageFilter): UsageFilter {
  return { source: query.source, apiKeyId: query.apiKeyId };
}

const isFiltered = (filter: UsageFilter) => filter.source !== undefined || filter.apiKeyId !== undefined;

// A key id from another organisation, or another person's key for someone who may not see it, is
// refused the same as one that does not exist: its usage is never read, and whether it exists is not told.
async function checkKey(db: Executor, orgId: string, filter: UsageFilter, viewer: KeyViewer) {
  if (filter.apiKeyId && !(await keyVisibleTo(db, orgId, filter.apiKeyId, viewer.everyKey ? {} : viewer))) {
    throw notFound(apiKeyMessages.keyNotFound);
  }
}

/** The daily totals per model, filtered by source and key when asked. */
export async function dailyTotals(
  db: Executor,
  orgId: string,
  range: DayRange,
  filter: UsageFilter,
  viewer: KeyViewer,
) {
  if (!isFiltered(filter)) return totalsByDayAndModel(db, orgId, range);
  await checkKey(db, orgId, filter, viewer);
  return filteredTotalsByDayAndModel(db, orgId, range, filter);
}

/** The same with latency histograms. */
export async function dailyLatency(
  db: Executor,
  orgId: string,
  range: DayRange,
  filter: UsageFilter,
  viewer: KeyViewer,
) {
  if (!isFiltered(filter)) return latencyByDayAndModel(db, orgId, range);
  await checkKey(db, orgId, filter, viewer);
  return filteredLatencyByDayAndModel(db, orgId, range, filter);
}
