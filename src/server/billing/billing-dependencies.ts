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
  /** The wallet's payments, which plan orders are paid through, by card or from the wallet (docs/decisions/024, 040). */
  cardPayments?: WalletDependencies;
  /** Told when a purchase or upgrade changed the organisation's plan on this instance (its allowance is read again). */
  onPlanChanged?: (orgId: string) => void;
}
