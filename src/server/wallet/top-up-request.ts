import { randomUUID } from 'node:crypto';
import { messages, walletMessages, type TopUpRequest, type TopUpResult } from '../../contracts';
import { AppError, forbidden, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { findWallet } from './ledger-repository';
import { presentBalance, presentTransaction } from './present-wallet';
import { paymentMethodOfTestCard } from './test-cards';
import { checkoutReturnTo } from './checkout-return';
import { topUp } from './top-up-service';
import type { WalletDependencies } from './wallet-dependencies';
import { centsOf, usdNumberOf } from '../../money';

/**
 * POST /wallet/topup: the caller's organisation only, never below the wallet's minimum (spec
 * section 5, checked here as well as in the dialog), paid with a test card in test mode or a Stripe
 * PaymentMethod, or on Stripe Checkout's page. Succeeded: the credit and the balance; pending: the
 * Checkout page to send the customer to (or a client secret for 3-D Secure); declined: a 402 with
 * the card's reason. The same Idempotency-Key answers the same.
 */
export async function topUpByRequest(
  dependencies: WalletDependencies,
  caller: Caller,
  input: TopUpRequest,
  idempotencyKey: string | undefined,
): Promise<{ result: TopUpResult; status: 200 | 202 }> {
  if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const wallet = await findWallet(dependencies.db, caller.orgId);
  const minimum = usdNumberOf(wallet?.minTopUpAmount ?? '10');
  const cents = centsOf(input.amount);
  if (cents < centsOf(minimum))
    throw validationFailed(walletMessages.minimumTopUp(minimum), { amount: walletMessages.minimumTopUp(minimum) });
  const settled = await topUp(dependencies, {
    orgId: caller.orgId,
    cents,
    currency: input.currency,
    idempotencyKey: idempotencyKey ?? `request-${randomUUID()}`,
    paymentMethod: paymentMethodOf(dependencies, input),
    isAutoReload: false,
    checkout: (paymentId) => checkoutReturnTo(dependencies.appUrl(), paymentId),
  });
  const { payment, credit } = settled;
  if (payment.status === 'failed')
    throw new AppError('payment_required', payment.failureMessage ?? 'Your card was declined.');
  const balance = presentBalance(await findWallet(dependencies.db, caller.orgId), dependencies.payments.testMode);
  const succeeded = payment.status === 'succeeded' && credit !== undefined;
  return {
    status: succeeded ? 200 : 202,
    result: {
      status: succeeded ? 'succeeded' : 'pending',
      payment_id: payment.id,
      transaction: credit ? presentTransaction(credit) : null,
      client_secret: succeeded ? null : (payment.clientSecret ?? null),
      checkout_url: succeeded ? null : (payment.checkoutUrl ?? null),
      balance,
    },
  };
}

/** The card to charge: a test card's number only in test mode (card numbers never reach a real payment service through us). */
function paymentMethodOf(dependencies: WalletDependencies, input: TopUpRequest): string | undefined {
  if (input.card_number !== undefined && input.card_number !== '') {
    if (!dependencies.payments.testMode)
      throw validationFailed(walletMessages.cardNumberNotAccepted, {
        card_number: walletMessages.cardNumberNotAccepted,
      });
    const card = paymentMethodOfTestCard(input.card_number);
    if ('refused' in card) throw validationFailed(card.refused, { card_number: card.refused });
    return card.paymentMethod;
  }
  if (input.payment_method_id) return input.payment_method_id;
  if (dependencies.payments.testMode)
    throw validationFailed(walletMessages.cardRequired, { card_number: walletMessages.cardRequired });
  return undefined;
}
