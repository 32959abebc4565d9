import type { WalletBalance } from '@contracts';
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { formatMoney } from '../../../lib/format-money';
import type { PaymentChoice, PaymentProblem } from '../lib/plan-payment';
import { testModeNote } from './top-up-dialog';

interface PaymentMethodFieldsProps {
  wallet: WalletBalance | undefined;
  choice: PaymentChoice;
  problems: PaymentProblem;
  onChange: (choice: PaymentChoice) => void;
}

const optionStyle = (chosen: boolean) =>
  `flex cursor-pointer gap-3 rounded-md border p-3 text-sm ${chosen ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200 dark:border-slate-700'}`;

/**
 * How a plan is paid (docs/decisions/040): by card (in test mode a Stripe test card, or the card a
 * payment saved; with Stripe the saved card or Stripe's payment page), or from the prepaid wallet.
 */
export function PaymentMethodFields({ wallet, choice, problems, onChange }: PaymentMethodFieldsProps) {
  const groupName = useId();
  const methodErrorId = useId();
  const cardHint = wallet?.saved_card
    ? `Leave it empty to pay with the saved card, ${wallet.saved_card}.`
    : 'A Stripe test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.';
  return (
    <fieldset className="space-y-2" aria-describedby={problems.method ? methodErrorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Pay with</legend>
      <label className={optionStyle(choice.method === 'card')}>
        <input
          type="radio"
          name={groupName}
          value="card"
          checked={choice.method === 'card'}
          onChange={() => onChange({ ...choice, method: 'card' })}
          className="mt-1"
        />
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900 dark:text-white">Card</span>
          <span className="block text-slate-600 dark:text-slate-400">
            {wallet?.test_mode
              ? 'A test card: no real money moves.'
              : wallet?.saved_card
                ? `${wallet.saved_card}, or another card on Stripe's secure payment page.`
                : "On Stripe's secure payment page."}
          </span>
        </span>
      </label>
      <label className={optionStyle(choice.method === 'wallet')}>
        <input
          type="radio"
          name={groupName}
          value="wallet"
          checked={choice.method === 'wallet'}
          onChange={() => onChange({ ...choice, method: 'wallet' })}
          className="mt-1"
        />
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900 dark:text-white">Prepaid wallet</span>
          <span className="block text-slate-600 dark:text-slate-400">
            {wallet ? `Balance ${formatMoney(wallet.balance, wallet.currency)}.` : 'Debited from the wallet at once.'}
          </span>
        </span>
      </label>
      {problems.method ? (
        <p id={methodErrorId} className="text-sm text-red-600 dark:text-red-400" role="alert">
          {problems.method}
        </p>
      ) : null}
      {choice.method === 'card' && wallet?.test_mode ? (
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
            value={choice.cardNumber}
            error={problems.cardNumber}
            hint={cardHint}
            onChange={(event) => onChange({ ...choice, cardNumber: event.target.value })}
          />
        </>
      ) : null}
    </fieldset>
  );
}
