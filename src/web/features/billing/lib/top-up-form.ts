import { topUpRequestSchema, walletMessages } from '@contracts';

export interface TopUpForm {
  amount: string;
  cardNumber: string;
}

export type TopUpField = keyof TopUpForm;

export const cardNumberRequired = 'Card number is required';

/** Whole cents of a typed amount, exactly ('10.1' is 1010); null when it is not a plain amount. */
function cents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Spec section 5: an amount must be entered and not below the wallet's minimum top-up amount
 * ('Minimum top-up amount is ${min}'); whole cents and not too large as the server checks. The card
 * is asked for only in test mode (a test card number); with Stripe the server takes no numbers.
 */
export function validateTopUp(form: TopUpForm, minimum: number, testMode: boolean) {
  const problems: Partial<Record<TopUpField, string>> = {};
  const amount = Number(form.amount.trim());
  const typedCents = cents(form.amount);
  if (
    form.amount.trim() === '' ||
    !Number.isFinite(amount) ||
    amount <= 0 ||
    (typedCents !== null && typedCents < Math.round(minimum * 100)) ||
    amount < minimum
  ) {
    problems.amount = walletMessages.minimumTopUp(minimum);
  } else {
    const checked = topUpRequestSchema.shape.amount.safeParse(amount);
    if (!checked.success) problems.amount = checked.error.issues[0]?.message ?? walletMessages.validAmountRequired;
  }
  const cardNumber = form.cardNumber.replace(/[\s-]/g, '');
  if (testMode && cardNumber === '') problems.cardNumber = cardNumberRequired;
  if (Object.keys(problems).length > 0) return { problems, values: null };
  return { problems, values: { amount, cardNumber: testMode ? cardNumber : undefined } };
}
