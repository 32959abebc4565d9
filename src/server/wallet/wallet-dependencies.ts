import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { CardPayments } from './card-payments';
import type { PlanPaymentHandler } from './settle-payment';

/** What the wallet's services need; built once in server.ts. */
export interface WalletDependencies {
  db: Database;
  payments: CardPayments;
  logger: Logger;
  /** Paid model calls are refused when the wallet cannot pay for them (BILLING_ENFORCED); off, the wallet only reports. */
  enforced: boolean;
  /** Verifies Stripe's webhook signatures (STRIPE_WEBHOOK_SECRET); absent, the webhook answers 404. */
  webhooks?: { constructEvent(payload: string, signature: string): import('stripe').Stripe.Event };
  /** What plan payments do when settled (billing's plan orders); without it, no plan payment is made. */
  plans?: PlanPaymentHandler;
  /** This server's public address (PUBLIC_URL, else where it listens): where Stripe Checkout sends the customer back. */
  appUrl: () => string;
}

/** What charging and settling a card payment needs. */
export type PaymentDependencies = Pick<WalletDependencies, 'db' | 'payments' | 'logger' | 'plans'>;
