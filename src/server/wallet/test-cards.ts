import { walletMessages } from '../../contracts';

/**
 * Stripe's usual test cards (https://docs.stripe.com/testing), by number and by the test
 * PaymentMethod id Stripe accepts for each: what the built-in test mode and the tests' fake Stripe
 * answer. Nothing else is a card in test mode.
 */
const testCards: readonly { number: string; paymentMethod: string; brand: string; decline?: string }[] = [
  { number: '4242424242424242', paymentMethod: 'pm_card_visa', brand: 'Visa' },
  { number: '4000056655665556', paymentMethod: 'pm_card_visa_debit', brand: 'Visa (debit)' },
  { number: '5555555555554444', paymentMethod: 'pm_card_mastercard', brand: 'Mastercard' },
  { number: '378282246310005', paymentMethod: 'pm_card_amex', brand: 'American Express' },
  {
    number: '4000000000000002',
    paymentMethod: 'pm_card_chargeDeclined',
    brand: 'Visa',
    decline: 'Your card was declined.',
  },
  {
    number: '4000000000009995',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'Visa',
    decline: 'Your card has insufficient funds.',
  },
  {
    number: '4000000000000069',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    brand: 'Visa',
    decline: 'Your card has expired.',
  },
  {
    number: '4000000000000127',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    brand: 'Visa',
    decline: "Your card's security code is incorrect.",
  },
  {
    number: '4000000000000119',
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    brand: 'Visa',
    decline: 'An error occurred while processing your card. Try again in a little bit.',
  },
];

export const nonTestCardDecline =
  'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242; no real money moves.';

export function testCardByPaymentMethod(paymentMethod: string) {
  return testCards.find((card) => card.paymentMethod === paymentMethod);
}

/** Whether the digits pass the Luhn check every card number does. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A card number typed in test mode (spaces and dashes allowed) as the test PaymentMethod id it
 * stands for; a real card's number is refused by name (no real money moves), a mistyped one as
 * Stripe words it.
 */
export function paymentMethodOfTestCard(cardNumber: string): { paymentMethod: string } | { refused: string } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { refused: walletMessages.cardNumberInvalid };
  const card = testCards.find((candidate) => candidate.number === digits);
  return card ? { paymentMethod: card.paymentMethod } : { refused: nonTestCardDecline };
}
