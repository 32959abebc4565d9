import { usageLevel, type UsageLevel } from '../lib/usage-math';

const levelStyles: Record<UsageLevel, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-600',
};

interface UsageBarProps {
  label: string;
  /** e.g. '1,200 of 10,000 tokens'. */
  amountText: string;
  /** null when the limit is unlimited. */
  percent: number | null;
}

/** One bar of the usage view: green up to 75%, yellow above, red above 90% (spec section 9). */
export function UsageBar({ label, amountText, percent }: UsageBarProps) {
  const level = percent === null ? 'green' : usageLevel(percent);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-800 dark:text-slate-100">{label}</span>
        <span className="text-slate-600 dark:text-slate-300">
          {amountText}
          {percent === null ? '' : ` (${percent.toFixed(1)}%)`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? 0}
        aria-valuetext={percent === null ? `${amountText}, unlimited` : `${amountText}, ${percent.toFixed(1)}%`}
        data-level={level}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full rounded-full ${levelStyles[level]}`}
          style={{ width: `${Math.min(percent ?? 0, 100)}%` }}
        />
      </div>
    </div>
  );
}
