import type { CatalogModel } from '../../gateway';
import type { Database } from '../db/database';
import type { InvoiceSources } from './invoice-sources';
import type { PlanCharges } from './plan-charges';
import type { WalletDependencies } from '../wallet/wallet-dependencies';

export interface BillingDependencies {
  db: Database;
  catalog: readonly CatalogModel[];
  /** How subscriptions take money. */
  charges: PlanCharges;
  /** Usage and wallet lines of invoices. */
  sources: InvoiceSources;
  /** With Stripe: the wallet's card payments, which plan orders are paid through (docs/decisions/024). */
  cardPayments?: WalletDependencies;
}
