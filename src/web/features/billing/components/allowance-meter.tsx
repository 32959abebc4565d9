import { planFeatureMessages, type PlanAllowance } from '@contracts';
import { formatCount, formatDay } from '../../admin/lib/format';

/** Spec section 9's usage bar colours: green up to 75%, yellow above, red above 90%. */
function barColour(share: number): string {
  if (share > 0.9) return 'bg-red-600';
  if (share > 0.75) return 'bg-amber-500';
  return 'bg-emerald-600';
}

/**
 * The plan's tokens this billing cycle (docs/decisions/041): how much is used, when it starts
 * again, and what happens past it.
 */
export function AllowanceMeter({ allowance }: { allowance: PlanAllowance }) {
  const share = allowance.tokens_per_cycle > 0 ? allowance.tokens_used / allowance.tokens_per_cycle : 1;
  const percent = Math.min(100, Math.round(share * 1000) / 10);
  return (
    <div className="mt-3 space-y-1 text-sm" data-testid="plan-allowance">
      <p className="text-slate-700 dark:text-slate-200">
        Tokens this cycle: {formatCount(allowance.tokens_used)} of {formatCount(allowance.tokens_per_cycle)} ({percent}
        %) · starts again on {formatDay(allowance.resets_on)}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar with role="meter" and aria-value*; a native <meter> cannot be coloured and sized the same way across browsers */}
      <div
        role="meter"
        aria-label="Tokens used of the plan's allowance this cycle"
        aria-valuemin={0}
        aria-valuemax={allowance.tokens_per_cycle}
        aria-valuenow={Math.min(allowance.tokens_used, allowance.tokens_per_cycle)}
        className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-full ${barColour(share)}`} style={{ width: `${percent}%` }} />
      </div>
      {allowance.exhausted ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          The plan&apos;s tokens for this cycle are used: messages to models are refused until{' '}
          {formatDay(allowance.resets_on)}, unless the plan is upgraded. The free local model keeps working.
        </p>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">{planFeatureMessages.pastAllowance}</p>
      )}
    </div>
  );
}
