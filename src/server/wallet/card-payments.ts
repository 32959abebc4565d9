/** What a card charge came to, as the payment service says. */
export type ChargeOutcome =
  /** `charged`: what the service says it took, when it says (checked against our payment before crediting). */
  | { status: 'succeeded'; processorPaymentId: string; paymentMethod?: string; charged?: { cents: bigint; currency: string } }
  /** The customer must act (3-D Secure through Stripe.js with the client secret), or the service's word is awaited. */
  | { status: 'pending'; processorPaymentId: string; clientSecret?: string }
  | { status: 'failed'; processorPaymentId?: string; message: string };

export interface ChargeRequest {
  /** Our payment's id: the service's idempotency key and metadata carry it, so a retry charges once. */
  paymentId: string;
  orgId: string;
  cents: bigint;
  currency: string;
  /** A Stripe PaymentMethod id (test mode: one of Stripe's test ids); absent, Stripe answers pending with a client secret. */
  paymentMethod?: string;
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
  lookup(payment: { id: string; processorPaymentId: string | null; paymentMethod: string | null }): Promise<ChargeOutcome | undefined>;
  /** Stripe's customer for a wallet (made once per organisation); test mode has none. */
  customerFor?(orgId: string): Promise<string>;
}
