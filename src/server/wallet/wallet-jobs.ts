import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import { chargeRequestedReloads, reloadBatchSize } from './auto-reload';
import type { CardPayments } from './card-payments';
import type { PlanPaymentHandler } from './settle-payment';
import { listOpenPayments } from './payment-repository';
import { settlePayment } from './settle-payment';

/** How long a payment may stay processing before the sweep asks the payment service about it. */
const processingGraceSeconds = 60;
/** A payment the payment service never heard of is given up after this long. */
const neverArrivedSeconds = 15 * 60;

export interface WalletJobs {
  /** Starts settling what a stopped server left open and charging requested auto-reloads, then sweeps on a timer. */
  start(): Promise<void>;
  /** Charges the auto-reloads of an organisation whose usage was just debited (in the background). */
  wake(orgId: string): void;
  stop(): Promise<void>;
}

/**
 * The wallet's upkeep: the reconciliation job asks the payment service about payments still open
 * (a server killed between the charge and the credit, a webhook that never came) and settles them
 * once; requested auto-reloads are charged. At start on the embedded database every open payment
 * is this folder's and nobody else is charging it; on PostgreSQL another instance may be, so only
 * those left processing a while are looked at.
 */
export function createWalletJobs(options: {
  database: DatabaseHandle;
  payments: CardPayments;
  logger: Logger;
  intervalMs: number;
  plans?: PlanPaymentHandler;
  appUrl: () => string;
}): WalletJobs {
  const { database, payments, logger, plans } = options;
  const dependencies = { db: database.db, payments, logger, enforced: true, plans, appUrl: options.appUrl };
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => logger.warn({ err: error }, 'wallet upkeep failed'))
      .finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  };

  async function reconcile(graceSeconds: number): Promise<void> {
    for (const payment of await listOpenPayments(database.db, graceSeconds, 100)) {
      const outcome = await payments.lookup(payment).catch((error: unknown) => {
        logger.warn({ err: error, paymentId: payment.id }, 'asking the payment service about an open payment failed');
        return null;
      });
      if (outcome === null) continue;
      if (outcome === undefined) {
        const ageSeconds = (Date.now() - payment.createdAt.getTime()) / 1000;
        if (payment.status === 'processing' && ageSeconds > neverArrivedSeconds) {
          await settlePayment(
            database.db,
            logger,
            payment.orgId,
            payment.id,
            { status: 'failed', message: 'The payment never reached the payment service; nothing was charged.' },
            plans,
          );
        }
        continue;
      }
      const settled = await settlePayment(database.db, logger, payment.orgId, payment.id, outcome, plans);
      if (settled?.credit)
        logger.info(
          { paymentId: payment.id, orgId: payment.orgId },
          'an open payment had succeeded: the wallet is credited',
        );
    }
  }

  async function sweep(graceSeconds: number): Promise<void> {
    await reconcile(graceSeconds);
    // Another batch only while a whole batch ended: reloads left open wait for the next sweep.
    while ((await chargeRequestedReloads(dependencies)) === reloadBatchSize) {
      // More than one batch waiting: keep going.
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void track(sweep(processingGraceSeconds)).finally(schedule), options.intervalMs);
    timer.unref();
  }

  return {
    async start() {
      // In the background: settling is idempotent under the payment's lock, and a slow or unreachable
      // payment service must not keep the server from listening.
      void track(sweep(database.kind === 'pglite' ? 0 : processingGraceSeconds)).finally(schedule);
    },
    wake(orgId) {
      if (stopped) return;
      void track(chargeRequestedReloads(dependencies, orgId));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
