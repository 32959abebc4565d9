/** Spec section 5: one point each for length >= 8, an uppercase letter, a digit, a symbol. */
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_SIGNUP_PASSWORD_SCORE = 2;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export function scorePassword(password: string): number {
  let score = 0;
  if (password.length >= MIN_PASSWORD_LENGTH) score += 1;
  if (/[A-Z]/.test(password)) score += 1;
  if (/[0-9]/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return score;
}

export function labelPasswordScore(score: number): PasswordStrengthLabel {
  if (score <= 0) return 'Weak';
  if (score === 1) return 'Fair';
  if (score === 2) return 'Good';
  return 'Strong';
}
