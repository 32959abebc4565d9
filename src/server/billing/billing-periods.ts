import { addDays, billingCycleDays } from '../analytics/billing-cycle';

// Billing periods are UTC days 'YYYY-MM-DD'; a period's end is the first day after it.

const dayMs = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/** A plan's period length: 30 days a month (spec section 9's billing cycle), 365 a year. */
export function periodDaysOf(billingCycle: string): number {
  return billingCycle === 'yearly' || billingCycle === 'annual' ? 365 : billingCycleDays;
}

export interface BillingPeriod {
  /** First day. */
  start: string;
  /** First day after it. */
  end: string;
}

/** The period that starts on `start` for a plan billed by `billingCycle`. */
export function periodFrom(start: string, billingCycle: string): BillingPeriod {
  return { start, end: addDays(start, periodDaysOf(billingCycle)) };
}

/** As the answers show it: the last day included. */
export const lastDayOf = (period: BillingPeriod) => addDays(period.end, -1);
