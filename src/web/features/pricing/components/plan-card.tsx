import type { Plan } from '@contracts';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format-money';

interface PlanCardProps {
  plan: Plan;
  highlighted: boolean;
  /** The signed-in organisation's plan. */
  current?: boolean;
  /** What one can do with the plan: sign up, subscribe, ask an administrator. */
  action: ReactNode;
}

export function PlanCard({ plan, highlighted, current = false, action }: PlanCardProps) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      aria-current={current ? 'true' : undefined}
      className={`flex flex-col rounded-2xl border p-6 shadow-sm ${
        current
          ? 'border-emerald-500 ring-2 ring-emerald-500'
          : highlighted
            ? 'border-brand-ink ring-2 ring-brand-ink'
            : 'border-slate-200 dark:border-slate-800'
      } bg-white dark:bg-slate-900`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`plan-${plan.id}`} className="text-xl font-bold text-slate-900 dark:text-white">
          {plan.name}
        </h2>
        {current ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            Current plan
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      <p className="mt-6">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">
          {formatMoney(plan.price, plan.currency)}
        </span>
        <span className="ml-1 text-sm text-slate-600 dark:text-slate-400">/ {plan.billing_cycle}</span>
      </p>
      {plan.features.length > 0 ? (
        <ul className="mt-6 space-y-2 text-sm text-slate-700 dark:text-slate-300">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-600">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-8">{action}</div>
    </article>
  );
}
