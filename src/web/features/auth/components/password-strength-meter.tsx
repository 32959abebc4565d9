import { labelPasswordScore, scorePassword, type PasswordStrengthLabel } from '@contracts';

const appearanceByLabel: Record<PasswordStrengthLabel, { width: string; colour: string }> = {
  Weak: { width: '25%', colour: 'bg-red-500' },
  Fair: { width: '50%', colour: 'bg-amber-500' },
  Good: { width: '75%', colour: 'bg-sky-500' },
  Strong: { width: '100%', colour: 'bg-emerald-500' },
};

/** Spec section 5: a quarter, half, three quarters or full bar for Weak, Fair, Good, Strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (password === '') return null;
  const score = scorePassword(password);
  const label = labelPasswordScore(score);
  const { width, colour } = appearanceByLabel[label];
  return (
    <div className="mt-2">
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar with role="meter" and aria-value*; a native <meter> cannot be coloured and sized the same way across browsers */}
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          data-testid="password-strength-bar"
          className={`h-full rounded-full transition-all ${colour}`}
          style={{ width }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Password strength:{' '}
        <span data-testid="password-strength-label" className="font-semibold">
          {label}
        </span>
      </p>
    </div>
  );
}
