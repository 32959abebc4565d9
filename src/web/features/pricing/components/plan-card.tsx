import type { Plan } from '@contracts';
import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';

export function formatPrice(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 2 }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency}`;
  }
}

export function PlanCard({ plan, highlighted, signedIn }: { plan: Plan; highlighted: boolean; signedIn: boolean }) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={`flex flex-col rounded-2xl border p-6 shadow-sm ${
        highlighted ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-slate-200 dark:border-slate-800'
      } bg-white dark:bg-slate-900`}
    >
      <h2 id={`plan-${plan.id}`} className="text-xl font-bold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      <p className="mt-6">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">{formatPrice(plan.price, plan.currency)}</span>
        <span className="ml-1 text-sm text-slate-500">/ {plan.billing_cycle}</span>
      </p>
      {plan.features.length > 0 ? (
        <ul className="mt-6 space-y-2 text-sm text-slate-700 dark:text-slate-300">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-600">✓</span>
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-8">
        <Link to={signedIn ? '/chat' : '/signup'} className={buttonStyle(highlighted ? 'primary' : 'secondary', 'w-full')}>
          {signedIn ? 'Go to the app' : 'Get started'}
        </Link>
      </div>
    </article>
  );
}
