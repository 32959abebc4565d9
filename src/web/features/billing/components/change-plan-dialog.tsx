import type { CurrentPlan, Plan, WalletBalance } from '@contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { EmptyState } from '../../dashboard/components/empty-state';
import { isSettledAnswer, useAttemptKey } from '../lib/idempotency-key';
import { formatMoney } from '../../../lib/format-money';
import { planChangeNote, plansToChooseFrom } from '../lib/plan-change';
import {
  centsAmount,
  centsDueNow,
  newPaymentChoice,
  paymentFields,
  paymentProblems,
  type PaymentChoice,
  type PaymentProblem,
} from '../lib/plan-payment';
import { PaymentMethodFields } from './payment-method-fields';
import type { PlanPayment } from './plan-payment-dialog';

interface ChangePlanDialogProps {
  current: CurrentPlan;
  plans: readonly Plan[];
  wallet: WalletBalance | undefined;
  /** `payment` is absent when the change charges nothing now (a downgrade). */
  onChoose: (planId: string, payment: PlanPayment | undefined, idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Choose a plan from the server's: subscribe on the Free Trial, otherwise change (prorated upgrade
 * now, downgrade at the period's end); what is charged now is paid by card or from the wallet first
 * (docs/decisions/040).
 */
export function ChangePlanDialog({ current, plans, wallet, onChoose, onClose }: ChangePlanDialogProps) {
  const choices = plansToChooseFrom(plans, current);
  const [planId, setPlanId] = useState(choices[0]?.id ?? '');
  const [payment, setPayment] = useState<PaymentChoice>(() => newPaymentChoice(current));
  const [problems, setProblems] = useState<PaymentProblem>({});
  const [saving, setSaving] = useState(false);
  const attempt = useAttemptKey();
  const banner = useErrorBanner();
  const groupName = useId();
  const subscribing = current.subscription === null;
  const chosen = choices.find((plan) => plan.id === planId);
  const due = chosen ? centsDueNow(current, chosen) : 0n;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !planId) return;
    const found = paymentProblems(payment, wallet, due);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const paid = due > 0n ? paymentFields(payment) : undefined;
    setSaving(true);
    try {
      await onChoose(planId, paid, attempt.keyFor({ planId, subscribing, payment: paid }));
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
                className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${plan.id === planId ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200 dark:border-slate-700'}`}
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
        {chosen && due > 0n ? (
          <>
            <p className="text-sm font-semibold text-slate-900 dark:text-white" data-testid="due-now">
              Due now: {formatMoney(centsAmount(due), chosen.currency)}
            </p>
            <PaymentMethodFields
              wallet={wallet}
              choice={payment}
              problems={problems}
              onChange={(next) => {
                setPayment(next);
                setProblems({});
              }}
            />
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !planId}>
            {saving
              ? 'Paying...'
              : chosen && due > 0n
                ? `Pay ${formatMoney(centsAmount(due), chosen.currency)}`
                : subscribing
                  ? 'Subscribe'
                  : 'Change plan'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
