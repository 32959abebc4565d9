import type { CatalogModel } from '../../gateway';
import type { Database } from '../db/database';
import type { InvoiceSources } from './invoice-sources';
import type { PlanCharges } from './plan-charges';

export interface BillingDependencies {
  db: Database;
  catalog: readonly CatalogModel[];
  /** How subscriptions take money. */
  charges: PlanCharges;
  /** Usage and wallet lines of invoices. */
  sources: InvoiceSources;
}
