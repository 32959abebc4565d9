import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { CardPayments } from './card-payments';

/** What the wallet's services need; built once in server.ts. */
export interface WalletDependencies {
  db: Database;
  payments: CardPayments;
  logger: Logger;
  /** Paid model calls are refused when the wallet cannot pay for them (BILLING_ENFORCED); off, the wallet only reports. */
  enforced: boolean;
  /** Verifies Stripe's webhook signatures (STRIPE_WEBHOOK_SECRET); absent, the webhook answers 404. */
  webhooks?: { constructEvent(payload: string, signature: string): import('stripe').Stripe.Event };
}
