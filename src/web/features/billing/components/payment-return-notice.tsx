import type { WalletPayment } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format-money';

interface PaymentReturnNoticeProps {
  payment: WalletPayment | undefined;
  cancelled: boolean;
  onDismiss: () => void;
}

/** What became of the payment made on Stripe Checkout, shown on the page Stripe sends the customer back to. */
function paymentReturnText(payment: WalletPayment | undefined, cancelled: boolean): string {
  if (!payment) return 'Reading the payment...';
  const amount = formatMoney(payment.amount, payment.currency);
  const what = payment.purpose === 'plan' ? 'plan payment' : 'top-up';
  if (payment.status === 'succeeded') {
    if (payment.purpose === 'plan')
      return payment.transaction
        ? `${amount} received, but the plan had changed meanwhile: it was added to the wallet.`
        : `${amount} received: your plan is updated.`;
    return `${amount} added to the wallet.`;
  }
  if (payment.status === 'failed')
    return `The ${what} of ${amount} failed: ${payment.failure_message ?? 'the card was not charged.'}`;
  if (cancelled) return `The ${what} of ${amount} was not completed: nothing was charged.`;
  return `Confirming the ${what} of ${amount} with Stripe...`;
}

export function PaymentReturnNotice({ payment, cancelled, onDismiss }: PaymentReturnNoticeProps) {
  const waiting = !cancelled && (!payment || payment.status === 'processing' || payment.status === 'pending');
  const tone =
    payment?.status === 'succeeded'
      ? 'border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200'
      : payment?.status === 'failed'
        ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
        : 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';
  return (
    <div
      role="status"
      data-testid="payment-return"
      className={`mb-4 flex items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm ${tone}`}
    >
      <span className="flex items-center gap-2">
        {waiting ? <Spinner label="Waiting for Stripe" className="h-4 w-4" /> : null}
        {paymentReturnText(payment, cancelled)}
      </span>
      <Button variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
