/**
 * What an upgrade costs for the rest of the period (docs/decisions/023): the difference of the two
 * plans' prices, in cents, for the days left (today included) out of the period's days, rounded half
 * up to the cent. Integer arithmetic only; the server charges it and the web app shows it before.
 */
export function proratedCents(differenceCents: bigint, remainingDays: number, periodDays: number): bigint {
  if (differenceCents <= 0n || remainingDays <= 0) return 0n;
  if (!Number.isInteger(remainingDays) || !Number.isInteger(periodDays) || periodDays <= 0)
    throw new Error('Days must be whole and the period at least a day');
  const days = BigInt(Math.min(remainingDays, periodDays));
  const numerator = differenceCents * days * 2n + BigInt(periodDays);
  return numerator / (2n * BigInt(periodDays));
}

/** A price of whole cents given as a JSON number (a plan's price), in cents. */
export const priceCents = (price: number): bigint => BigInt(Math.round(price * 100));
