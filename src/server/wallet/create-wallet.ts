import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import { createStripeClient, createStripePayments } from './stripe-payments';
import { createTestModePayments } from './test-mode-payments';
import type { PlanPaymentHandler } from './settle-payment';
import type { WalletDependencies } from './wallet-dependencies';
import { createWalletJobs, type WalletJobs } from './wallet-jobs';

/** The wallet's services and upkeep for this process: Stripe when configured, else the built-in test mode. */
export function createWallet(
  config: Config['wallet'],
  database: DatabaseHandle,
  logger: Logger,
  links: { appUrl: () => string; plans?: PlanPaymentHandler },
): { dependencies: WalletDependencies; jobs: WalletJobs } {
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const payments = stripe ? createStripePayments(stripe) : createTestModePayments();
  const webhookSecret = config.stripe?.webhookSecret;
  const jobs = createWalletJobs({
    database,
    payments,
    logger,
    intervalMs: config.reconcileIntervalMs,
    plans: links.plans,
    appUrl: links.appUrl,
  });
  const dependencies: WalletDependencies = {
    db: database.db,
    payments,
    logger,
    enforced: config.enforced,
    webhooks:
      stripe && webhookSecret
        ? { constructEvent: (payload, signature) => stripe.webhooks.constructEvent(payload, signature, webhookSecret) }
        : undefined,
    plans: links.plans,
    appUrl: links.appUrl,
  };
  if (!stripe)
    logger.info('wallet payments run in test mode (STRIPE_SECRET_KEY unset): test cards only, no real money moves');
  return { dependencies, jobs };
}
