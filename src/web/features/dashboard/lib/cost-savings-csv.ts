import type { DayRange } from '../../admin/lib/day-range';
import type { SavingsDay } from './cost-savings';
import { amountText } from './decimal-amounts';

/** Spec section 9: the export's columns, in order. */
export const costSavingsCsvColumns = ['Date', 'Tokens Used', 'Actual Cost', 'Potential Cost', 'Savings'] as const;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The cost-savings CSV, built in the browser (spec section 7): one line per day, amounts in
 * dollars with every decimal the server keeps (a day of light use costs fractions of a cent).
 */
export function buildCostSavingsCsv(days: readonly SavingsDay[]): string {
  const lines = [costSavingsCsvColumns.join(',')];
  for (const day of days) {
    lines.push(
      [
        day.date,
        String(day.tokens_used),
        amountText(day.actual_cost),
        amountText(day.potential_cost),
        amountText(day.savings),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Spec section 9: named cost-savings with the model id and the dates. A model id holds a
 * provider prefix ('openai/gpt-4o'); a slash cannot stand in a file name, so it becomes '_'.
 */
export function costSavingsFileName(modelId: string, range: DayRange): string {
  const safeModelId = modelId.replace(/[^\w.-]+/g, '_');
  return `cost-savings-${safeModelId}-${range.from}-${range.to}.csv`;
}
