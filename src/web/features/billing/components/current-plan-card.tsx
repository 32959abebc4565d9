import type { CurrentPlan, Plan } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card } from '../../admin/components/card';
import { formatCount } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';
import { AllowanceMeter } from './allowance-meter';
import { pastDueLines, subscriptionStatusLines } from '../lib/plan-change';

interface CurrentPlanCardProps {
  current: CurrentPlan | undefined;
  plans: readonly Plan[];
  onChange: () => void;
  onCancel: () => void;
  /** Undoes a cancellation or a pending downgrade: the current plan chosen again. */
  onKeep: () => void;
  keeping: boolean;
}

/** The organisation's plan, its period and what happens at its end, with Change plan and Cancel. */
export function CurrentPlanCard({ current, plans, onChange, onCancel, onKeep, keeping }: CurrentPlanCardProps) {
  if (!current) {
    return (
      <Card title="Current Plan">
        <div className="flex justify-center py-6">
          <Spinner label="Loading plan" />
        </div>
      </Card>
    );
  }
  const subscription = current.subscription;
  const pastDue = pastDueLines(current);
  const mayKeep = subscription !== null && (subscription.cancel_at_period_end || subscription.pending_plan_id !== null);
  return (
    <Card title="Current Plan">
      <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="current-plan-name">
        {current.name}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {formatMoney(current.price, current.currency)} / {current.billing_cycle}
        {current.tokens_per_cycle !== null ? ` · ${formatCount(current.tokens_per_cycle)} tokens per cycle` : ''}
      </p>
      {current.allowance ? <AllowanceMeter allowance={current.allowance} /> : null}
      {pastDue.length > 0 ? (
        <div
          role="alert"
          className="mt-3 space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200"
          data-testid="subscription-past-due"
        >
          {pastDue.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-200" data-testid="subscription-status">
        {subscriptionStatusLines(current, plans).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={onChange}>{subscription ? 'Change plan' : 'Choose a plan'}</Button>
        {mayKeep ? (
          <Button variant="secondary" onClick={onKeep} disabled={keeping}>
            {keeping ? 'Saving...' : `Keep ${current.name}`}
          </Button>
        ) : null}
        {subscription && !subscription.cancel_at_period_end ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel plan
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
