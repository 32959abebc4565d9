import type { Feedback, FeedbackRating, FeedbackStats } from '../../contracts';
import type { FeedbackRecord } from './feedback-repository';

export function presentFeedback(row: FeedbackRecord): Feedback {
  return {
    id: row.id,
    selection_id: row.decisionId ?? row.messageId,
    org_id: row.orgId,
    user_id: row.userId,
    model_id: row.modelId,
    feedback: row.rating,
    created_at: row.createdAt.toISOString(),
  };
}

type Counts = Record<FeedbackRating, number> & { total: number };
const emptyCounts = (): Counts => ({ positive: 0, neutral: 0, negative: 0, total: 0 });

/** Counts per UTC day (oldest first), per model (most rated first) and in all. */
export function feedbackStats(rows: readonly FeedbackRecord[]): FeedbackStats {
  const byDate = new Map<string, Counts>();
  const byModel = new Map<string, Counts>();
  const totals = emptyCounts();
  for (const row of rows) {
    totals[row.rating] += 1;
    totals.total += 1;
    for (const [map, key] of [
      [byDate, row.createdAt.toISOString().slice(0, 10)],
      [byModel, row.modelId ?? 'unknown'],
    ] as const) {
      const counts = map.get(key) ?? emptyCounts();
      counts[row.rating] += 1;
      counts.total += 1;
      map.set(key, counts);
    }
  }
  return {
    by_date: [...byDate]
      .map(([date, counts]) => ({ date, ...counts }))
      .sort((first, second) => first.date.localeCompare(second.date)),
    by_model: [...byModel]
      .map(([model_id, counts]) => ({ model_id, ...counts }))
      .sort((first, second) => second.total - first.total),
    totals,
  };
}

const csvColumns = ['id', 'created_at', 'user_id', 'model_id', 'selection_id', 'feedback'] as const;

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function feedbackCsv(rows: readonly Feedback[]): string {
  const cell = (value: string | null) => {
    const text = value ?? '';
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return (
    [csvColumns.join(','), ...rows.map((row) => csvColumns.map((column) => cell(row[column])).join(','))].join('\r\n') +
    '\r\n'
  );
}
