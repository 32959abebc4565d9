import {
  priceCents,
  proratedCents,
  subscriptionMessages,
  type CurrentPlan,
  type Plan,
  type WalletBalance,
} from '@contracts';

/** How a purchase or an upgrade is paid (docs/decisions/040): by card (a test card in test mode), or from the wallet. */
export interface PaymentChoice {
  method: 'card' | 'wallet';
  /** A test card's number, in test mode; empty to use the saved card. */
  cardNumber: string;
}

export const newPaymentChoice = (current: CurrentPlan | undefined): PaymentChoice => ({
  method: current?.subscription?.payment_method ?? 'card',
  cardNumber: '',
});

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/**
 * What choosing `plan` charges now, in cents, as the server will: a purchase its price, an upgrade the
 * prorated difference for the days left (today included), a downgrade or the same plan nothing.
 */
export function centsDueNow(current: CurrentPlan, plan: Plan, today = new Date().toISOString().slice(0, 10)): bigint {
  const subscription = current.subscription;
  if (!subscription) return priceCents(plan.price);
  const difference = priceCents(plan.price) - priceCents(current.price);
  if (difference <= 0n || plan.id === current.id) return 0n;
  const remainingDays = daysBetween(today, subscription.next_billing_date);
  const periodDays = daysBetween(subscription.current_period_start, subscription.next_billing_date);
  return proratedCents(difference, remainingDays, periodDays);
}

/** Cents as the JSON number of dollars the page shows (whole cents: exact). */
export const centsAmount = (cents: bigint) => Number(cents) / 100;

/** What a balance can pay, in whole cents rounded down, read from its decimal digits (never by multiplying a float); 0 when none. */
export function availableCents(balance: number): bigint {
  if (!(balance > 0)) return 0n;
  const [whole = '0', fraction = ''] = balance.toFixed(10).split('.');
  return BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

export type PaymentProblem = Partial<Record<'cardNumber' | 'method', string>>;

/**
 * What stops this payment before it is sent: a test card's number missing (no card saved), or a wallet
 * whose balance cannot pay (the server's own words; it also counts what replies in progress hold).
 */
export function paymentProblems(
  choice: PaymentChoice,
  wallet: WalletBalance | undefined,
  cents: bigint,
): PaymentProblem {
  if (cents <= 0n || !wallet) return {};
  if (choice.method === 'wallet') {
    const available = availableCents(wallet.balance);
    return available < cents
      ? { method: subscriptionMessages.walletCannotPayPlan(centsText(cents), centsText(available)) }
      : {};
  }
  if (wallet.test_mode && choice.cardNumber.trim() === '' && !wallet.saved_card)
    return { cardNumber: 'Enter a test card number, such as 4242 4242 4242 4242.' };
  return {};
}

/** The request's payment fields: 'wallet', or 'card' with the typed test card (none: the saved card). */
export function paymentFields(choice: PaymentChoice): { payment_method: 'card' | 'wallet'; card_number?: string } {
  if (choice.method === 'wallet') return { payment_method: 'wallet' };
  const cardNumber = choice.cardNumber.trim();
  return cardNumber ? { payment_method: 'card', card_number: cardNumber } : { payment_method: 'card' };
}
