/** Spec section 9: analytics bill in cycles of 30 days. */
export const billingCycleDays = 30;

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const dayOf = (number: number) => new Date(number * dayMs).toISOString().slice(0, 10);

/** `day` plus `days` (negative: earlier), both 'YYYY-MM-DD' UTC days. */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

export interface BillingCycle {
  /** First day of the cycle. */
  startDate: string;
  /** Last day of the cycle (included). */
  endDate: string;
  /** First day of the next cycle. */
  nextBillingDate: string;
}

/**
 * The cycle holding `today`: cycles follow one another from the day the organisation was created
 * (a day before it counts as its first cycle), `lengthDays` UTC days each.
 */
export function billingCycleOn(anchorDay: string, today: string, lengthDays = billingCycleDays): BillingCycle {
  const elapsed = Math.max(0, dayNumber(today) - dayNumber(anchorDay));
  const startDate = addDays(anchorDay, Math.floor(elapsed / lengthDays) * lengthDays);
  return { startDate, endDate: addDays(startDate, lengthDays - 1), nextBillingDate: addDays(startDate, lengthDays) };
}
