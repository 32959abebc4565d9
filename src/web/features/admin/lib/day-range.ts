/** A period of UTC calendar days ('YYYY-MM-DD'), both included, as the analytics calls take it. */
export interface DayRange {
  from: string;
  to: string;
}

const dayMs = 86_400_000;

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Spec section 9: the default range is the last 30 days to today (the server's own default). */
export function lastThirtyDays(now = new Date()): DayRange {
  return { from: isoDay(new Date(now.getTime() - 30 * dayMs)), to: isoDay(now) };
}

export function isOrderedRange(range: DayRange): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
}

/** Whole days from one calendar day to a later one (negative when it is earlier). */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / dayMs);
}
