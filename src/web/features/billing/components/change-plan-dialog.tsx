import type { CurrentPlan, Plan } from '@contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { EmptyState } from '../../dashboard/components/empty-state';
import { isSettledAnswer, useAttemptKey } from '../lib/idempotency-key';
import { planChangeNote, plansToChooseFrom } from '../lib/plan-change';
import { formatMoney } from '../../../lib/format-money';

interface ChangePlanDialogProps {
  current: CurrentPlan;
  plans: readonly Plan[];
  onChoose: (planId: string, idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
}

/** Choose a plan from the server's: subscribe on the Free Trial, otherwise change (prorated upgrade now, downgrade at the period's end). */
export function ChangePlanDialog({ current, plans, onChoose, onClose }: ChangePlanDialogProps) {
  const choices = plansToChooseFrom(plans, current);
  const [planId, setPlanId] = useState(choices[0]?.id ?? '');
  const [saving, setSaving] = useState(false);
  const attempt = useAttemptKey();
  const banner = useErrorBanner();
  const groupName = useId();
  const subscribing = current.subscription === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !planId) return;
    setSaving(true);
    try {
      await onChoose(planId, attempt.keyFor({ planId, subscribing }));
    } catch (error) {
      if (isSettledAnswer(error)) attempt.settle();
      banner.show(error);
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={subscribing ? 'Choose a plan' : 'Change plan'}
      description={`Current plan: ${current.name}.`}
      onClose={onClose}
      panelClassName="max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        {choices.length === 0 ? (
          <EmptyState text="No other plans are offered." />
        ) : (
          <fieldset className="space-y-2">
            <legend className="sr-only">Plans</legend>
            {choices.map((plan) => (
              <label
                key={plan.id}
                className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${plan.id === planId ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-slate-200 dark:border-slate-700'}`}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={plan.id}
                  checked={plan.id === planId}
                  onChange={() => setPlanId(plan.id)}
                  className="mt-1"
                  data-autofocus={plan.id === planId ? true : undefined}
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {plan.name} · {formatMoney(plan.price, plan.currency)} / {plan.billing_cycle}
                  </span>
                  <span className="block text-slate-600 dark:text-slate-400">{plan.description}</span>
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    {planChangeNote(current, plan)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !planId}>
            {saving ? 'Saving...' : subscribing ? 'Subscribe' : 'Change plan'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
