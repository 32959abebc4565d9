import { unlimitedLimit, type Role } from '@contracts';

export type UsageLevel = 'green' | 'yellow' | 'red';

/** Spec section 9: green up to 75%, yellow above 75%, red above 90%; the warning above 90%. */
const yellowAbovePercent = 75;
const redAbovePercent = 90;

/** Spec section 9: used over used plus remaining, to one decimal. */
export function usagePercent(used: number, limit: number): number {
  const remaining = Math.max(limit - used, 0);
  const whole = used + remaining;
  if (whole <= 0) return 0;
  return Math.round((used / whole) * 1000) / 10;
}

export function usageLevel(percent: number): UsageLevel {
  if (percent > redAbovePercent) return 'red';
  if (percent > yellowAbovePercent) return 'yellow';
  return 'green';
}

export function isAboveWarning(percent: number): boolean {
  return percent > redAbovePercent;
}

/** A role's limits summed over the models it enables; null when any of them is unlimited. */
export interface SummedLimits {
  tokens: number | null;
  cost: number | null;
}

export function summedRoleLimits(role: Pick<Role, 'permissions'>): SummedLimits {
  const enabled = role.permissions.filter((permission) => permission.isEnabled);
  const unlimitedTokens = enabled.some((permission) => permission.monthly_token_limit >= unlimitedLimit);
  const unlimitedCost = enabled.some((permission) => permission.cost_limit >= unlimitedLimit);
  // Cents, so that 0.1 + 0.2 is 0.30 exactly.
  const cents = enabled.reduce((total, permission) => total + Math.round(permission.cost_limit * 100), 0);
  return {
    tokens: unlimitedTokens ? null : enabled.reduce((total, permission) => total + permission.monthly_token_limit, 0),
    cost: unlimitedCost ? null : cents / 100,
  };
}
