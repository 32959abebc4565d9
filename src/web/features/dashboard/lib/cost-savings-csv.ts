import type { DayRange } from '../../admin/lib/day-range';
import type { SavingsDay } from './cost-savings';
import { amountText } from './decimal-amounts';
import { csvText } from './csv-text';

/** Spec section 9: the export's columns, in order. */
export const costSavingsCsvColumns = ['Date', 'Tokens Used', 'Actual Cost', 'Potential Cost', 'Savings'] as const;

/**
 * The cost-savings CSV, built in the browser (spec section 7): one line per day, amounts in
 * dollars with every decimal the server keeps (a day of light use costs fractions of a cent). The
 * spec's five columns and nothing else: the measured quality is a file of its own (quality-csv.ts).
 */
export function buildCostSavingsCsv(days: readonly SavingsDay[]): string {
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
  return csvText(rows);
}

/**
 * Spec section 9: named cost-savings with the model id and the dates. A model id holds a
 * provider prefix ('openai/gpt-4o'); a slash cannot stand in a file name, so it becomes '_'.
 */
export function costSavingsFileName(modelId: string, range: DayRange): string {
  const safeModelId = modelId.replace(/[^\w.-]+/g, '_');
  return `cost-savings-${safeModelId}-${range.from}-${range.to}.csv`;
}
