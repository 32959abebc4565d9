import { walletMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { validationFailed } from '../http/app-error';
import { findWallet } from '../wallet/ledger-repository';
import { paymentMethodOfTestCard } from '../wallet/test-cards';

/**
 * How a purchase or an upgrade is paid (docs/decisions/040): from the prepaid wallet, or by card.
 * A card is a Stripe PaymentMethod id (test mode: one of Stripe's test ids); absent with Stripe, the
 * customer pays on Stripe Checkout.
 */
export type PlanPaymentMethod = { kind: 'wallet' } | { kind: 'card'; paymentMethod: string | undefined };

export interface PaymentChoice {
  /** 'card', 'wallet' or a Stripe PaymentMethod id (pm_…). */
  paymentMethod: string;
  /** A test card's number, in test mode only. */
  cardNumber?: string;
}

/**
 * The request's choice as a payment method: a typed test card becomes its test PaymentMethod id (test
 * mode only: card numbers never reach a real payment service through us); 'card' alone is the card
 * the organisation saved (a top-up or an earlier payment saved it). In test mode a card is needed:
 * there is no payment page to send the customer to.
 */
export async function resolvePlanPaymentMethod(
  executor: Executor,
  orgId: string,
  choice: PaymentChoice,
  testMode: boolean,
): Promise<PlanPaymentMethod> {
  if (choice.paymentMethod === 'wallet') return { kind: 'wallet' };
  if (choice.cardNumber !== undefined && choice.cardNumber !== '') {
    if (!testMode)
      throw validationFailed(walletMessages.cardNumberNotAccepted, {
        card_number: walletMessages.cardNumberNotAccepted,
      });
    const card = paymentMethodOfTestCard(choice.cardNumber);
    if ('refused' in card) throw validationFailed(card.refused, { card_number: card.refused });
    return { kind: 'card', paymentMethod: card.paymentMethod };
  }
  if (choice.paymentMethod.startsWith('pm_')) return { kind: 'card', paymentMethod: choice.paymentMethod };
  const saved = (await findWallet(executor, orgId))?.savedPaymentMethod ?? undefined;
  if (!saved && testMode)
    throw validationFailed(walletMessages.cardRequired, { card_number: walletMessages.cardRequired });
  return { kind: 'card', paymentMethod: saved };
}
