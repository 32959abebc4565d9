import type { CurrentPlan, Plan, WalletBalance } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { isSettledAnswer, useAttemptKey } from '../lib/idempotency-key';
import { formatMoney } from '../../../lib/format-money';
import { planChangeNote } from '../lib/plan-change';
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

export type PlanPayment = ReturnType<typeof paymentFields>;

interface PlanPaymentDialogProps {
  current: CurrentPlan;
  plan: Plan;
  wallet: WalletBalance | undefined;
  /** Subscribes or switches; `payment` is absent when nothing is charged now (a downgrade). */
  onPay: (payment: PlanPayment | undefined, idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Subscribe to or switch to one plan (the pricing page's): what it costs, what is charged now, and
 * how it is paid (docs/decisions/040). The plan changes only once paid; a declined card is said in
 * the dialog's banner and nothing changes. One Idempotency-Key per attempt, so a double click pays once.
 */
export function PlanPaymentDialog({ current, plan, wallet, onPay, onClose }: PlanPaymentDialogProps) {
  const [choice, setChoice] = useState<PaymentChoice>(() => newPaymentChoice(current));
  const [problems, setProblems] = useState<PaymentProblem>({});
  const [paying, setPaying] = useState(false);
  const attempt = useAttemptKey();
  const banner = useErrorBanner();
  const subscribing = current.subscription === null;
  const due = centsDueNow(current, plan);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (paying) return;
    const found = paymentProblems(choice, wallet, due);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const payment = due > 0n ? paymentFields(choice) : undefined;
    setPaying(true);
    try {
      await onPay(payment, attempt.keyFor({ planId: plan.id, subscribing, payment }));
      attempt.settle();
    } catch (error) {
      if (isSettledAnswer(error)) attempt.settle();
      banner.show(error);
      setPaying(false);
    }
  }

  return (
    <Dialog
      title={subscribing ? `Subscribe to ${plan.name}?` : `Switch to ${plan.name}?`}
      description={`${formatMoney(plan.price, plan.currency)} / ${plan.billing_cycle}. ${planChangeNote(current, plan)}`}
      onClose={onClose}
      panelClassName="max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        {due > 0n ? (
          <>
            <p className="text-sm font-semibold text-slate-900 dark:text-white" data-testid="due-now">
              Due now: {formatMoney(centsAmount(due), plan.currency)}
            </p>
            <PaymentMethodFields
              wallet={wallet}
              choice={choice}
              problems={problems}
              onChange={(next) => {
                setChoice(next);
                setProblems({});
              }}
            />
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={paying} data-autofocus={due > 0n ? undefined : true}>
            {paying
              ? 'Paying...'
              : due > 0n
                ? `Pay ${formatMoney(centsAmount(due), plan.currency)}`
                : subscribing
                  ? 'Subscribe'
                  : 'Switch plan'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
