import type { DayRange } from '../../admin/lib/day-range';
import type { SavingsDay } from './cost-savings';
import type { RoutingQualityResponse } from '@contracts';
import { amountText } from './decimal-amounts';
import { qualityCsvRows } from './quality-csv';

/** Spec section 9: the export's columns, in order. */
export const costSavingsCsvColumns = ['Date', 'Tokens Used', 'Actual Cost', 'Potential Cost', 'Savings'] as const;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The cost-savings CSV, built in the browser (spec section 7): one line per day, amounts in
 * dollars with every decimal the server keeps (a day of light use costs fractions of a cent). For
 * administrators the measured quality follows the days after an empty line (quality-csv.ts): the
 * spec's columns stay the file's first header and the days its first rows.
 */
export function buildCostSavingsCsv(days: readonly SavingsDay[], quality?: RoutingQualityResponse): string {
  const rows: string[][] = [[...costSavingsCsvColumns]];
  for (const day of days) {
    rows.push([
      day.date,
      String(day.tokens_used),
      amountText(day.actual_cost),
      amountText(day.potential_cost),
      amountText(day.savings),
    ]);
  }
  if (quality) rows.push([], ...qualityCsvRows(quality));
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * Spec section 9: named cost-savings with the model id and the dates. A model id holds a
 * provider prefix ('openai/gpt-4o'); a slash cannot stand in a file name, so it becomes '_'.
 */
export function costSavingsFileName(modelId: string, range: DayRange): string {
  const safeModelId = modelId.replace(/[^\w.-]+/g, '_');
  return `cost-savings-${safeModelId}-${range.from}-${range.to}.csv`;
}
