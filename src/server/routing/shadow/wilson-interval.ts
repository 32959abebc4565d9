/** z for a two-sided 95% interval. */
const z95 = 1.959963984540054;

/**
 * The Wilson score interval of a share (successes of trials): unlike the normal approximation it
 * stays within 0-1 and is honest with few trials. Undefined with no trials.
 */
export function wilsonInterval(successes: number, trials: number, z = z95): { low: number; high: number } | undefined {
  if (trials <= 0) return undefined;
  const share = successes / trials;
  const zSquared = z * z;
  const centre = (share + zSquared / (2 * trials)) / (1 + zSquared / trials);
  const halfWidth =
    (z / (1 + zSquared / trials)) * Math.sqrt((share * (1 - share)) / trials + zSquared / (4 * trials * trials));
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth) };
}
