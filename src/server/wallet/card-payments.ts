/** What a card charge came to, as the payment service says. */
export type ChargeOutcome =
  /** `charged`: what the service says it took, when it says (checked against our payment before crediting). */
  | {
      status: 'succeeded';
      processorPaymentId: string;
      paymentMethod?: string;
      charged?: { cents: bigint; currency: string };
    }
  /**
   * The customer must act (pay on Stripe Checkout's hosted page, or 3-D Secure with the client
   * secret), or the service's word is awaited. A Checkout payment has no intent until the customer pays.
   */
  | { status: 'pending'; processorPaymentId?: string; clientSecret?: string; checkout?: CheckoutPage }
  | { status: 'failed'; processorPaymentId?: string; message: string };

/** Stripe Checkout's hosted payment page for one payment. */
interface CheckoutPage {
  sessionId: string;
  url: string;
}

/** Where Checkout sends the customer back: paid, or gave up. */
export interface CheckoutReturn {
  successUrl: string;
  cancelUrl: string;
}

export interface ChargeRequest {
  /** Our payment's id: the service's idempotency key and metadata carry it, so a retry charges once. */
  paymentId: string;
  orgId: string;
  cents: bigint;
  currency: string;
  /** A Stripe PaymentMethod id (test mode: one of Stripe's test ids); absent, the customer pays on Checkout (`checkout`). */
  paymentMethod?: string;
  /** Without a payment method: a Checkout session returning here (Stripe only; the card is saved for off-session charges). */
  checkout?: CheckoutReturn;
  /** The product line Checkout shows. */
  itemName?: string;
  /** Stripe's customer for the wallet, so the card can be saved for auto-reloads. */
  customerId?: string;
  /** An auto-reload: the customer is not present. */
  offSession: boolean;
  description: string;
}

/**
 * Card payments for wallet top-ups: Stripe when STRIPE_SECRET_KEY is set, else the built-in test
 * mode (no real money). Every method may throw when the service cannot be reached: the payment then
 * stays open and is settled by the webhook or the reconciliation job.
 */
export interface CardPayments {
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The payment as the service knows it now (reconciliation); undefined when it never reached the service. */
  lookup(payment: {
    id: string;
    processorPaymentId: string | null;
    paymentMethod: string | null;
    checkoutSessionId: string | null;
  }): Promise<ChargeOutcome | undefined>;
  /** Stripe's customer for a wallet (made once per organisation); test mode has none. */
  customerFor?(orgId: string): Promise<string>;
}
