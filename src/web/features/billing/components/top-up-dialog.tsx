import type { TopUpResult, WalletBalance } from '@contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { isSettledAnswer, useAttemptKey } from '../lib/idempotency-key';
import { validateTopUp, type TopUpField, type TopUpForm } from '../lib/top-up-form';
import { formatMoney } from '../../../lib/format-money';

interface TopUpDialogProps {
  wallet: WalletBalance;
  onTopUp: (
    request: { amount: number; currency: string; payment_method: 'card'; card_number?: string },
    idempotencyKey: string,
  ) => Promise<TopUpResult>;
  onDone: (result: TopUpResult) => void;
  onClose: () => void;
}

export const testModeNote =
  'Test mode: no real money moves. Use a Stripe test card, such as 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).';

/**
 * Spec section 2's Top Up dialog: the amount (step 0.01) and, in test mode, a test card number;
 * with Stripe the answer's checkout_url takes the browser to Stripe Checkout (the page's onDone).
 * One submission at a time; its Idempotency-Key is kept for a retry of the same top-up, so a
 * double click or a retry after a timeout credits once.
 */
export function TopUpDialog({ wallet, onTopUp, onDone, onClose }: TopUpDialogProps) {
  const minimum = wallet.settings.min_top_up_amount;
  const [form, setForm] = useState<TopUpForm>({ amount: String(minimum), cardNumber: '' });
  const [problems, setProblems] = useState<Partial<Record<TopUpField, string>>>({});
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const attempt = useAttemptKey();
  const banner = useErrorBanner();

  const edit = (field: TopUpField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const { values, problems: found } = validateTopUp(form, minimum, wallet.test_mode);
    setProblems(found);
    if (!values) return;
    const request = {
      amount: values.amount,
      currency: wallet.currency,
      payment_method: 'card' as const,
      ...(values.cardNumber ? { card_number: values.cardNumber } : {}),
    };
    inFlight.current = true;
    setPaying(true);
    try {
      const result = await onTopUp(request, attempt.keyFor(request));
      attempt.settle();
      onDone(result);
    } catch (error) {
      if (isSettledAnswer(error)) attempt.settle();
      banner.show(error);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  }

  return (
    <Dialog
      title="Top Up"
      description={`Add money to the wallet. The balance is ${formatMoney(wallet.balance, wallet.currency)}.`}
      onClose={onClose}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <TextField
          label={`Amount (${wallet.currency})`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={minimum}
          data-autofocus
          value={form.amount}
          error={problems.amount}
          hint={`At least ${formatMoney(minimum, wallet.currency)}.`}
          onChange={(event) => edit('amount', event.target.value)}
        />
        {wallet.test_mode ? (
          <>
            <p
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
              data-testid="test-mode-note"
            >
              {testModeNote}
            </p>
            <TextField
              label="Card number"
              autoComplete="off"
              inputMode="numeric"
              placeholder="4242 4242 4242 4242"
              value={form.cardNumber}
              error={problems.cardNumber}
              onChange={(event) => edit('cardNumber', event.target.value)}
            />
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            You pay on Stripe&apos;s secure payment page; the wallet is credited as soon as Stripe confirms the payment,
            and the card is kept for auto-reload.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={paying}>
            {paying ? 'Paying...' : wallet.test_mode ? 'Pay' : 'Continue to payment'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
