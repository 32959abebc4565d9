import type { RoutingPolicy } from '../../contracts';
import type { Logger } from 'pino';
import type { CatalogModel } from '../../gateway';
import type { PlanAllowanceGate } from '../billing/plan-allowance-gate';
import type { PriceBook } from '../pricing/price-book';
import type { Database } from '../db/database';
import type { GroupCommit } from '../db/group-commit';
import type { BudgetLeases } from '../usage/budget-leases';
import type { OrganisationProviders } from '../provider-keys/organisation-providers';
import type { CallJournal } from './call-journal';
import type { ModelCallObserver } from './call-observer';
import type { InFlightCalls } from './in-flight-calls';
import type { ModelGateways } from './model-gateways';

/** What the metered calls need; built once in server.ts. */
export interface MeteredCallsDependencies {
  db: Database;
  logger: Logger;
  catalog: readonly CatalogModel[];
  /** The price book in memory (docs/decisions/071): a call is charged at the version effective when it started. */
  prices: PriceBook;
  /** Each organisation's credentials and the providers its wallet pays for (the instance's keys). */
  providers: Pick<OrganisationProviders, 'callingFor'>;
  /** The model gateway for a set of credentials. */
  gateways: ModelGateways;
  /** Each organisation's routing policy: its deadlines. */
  policies: { load(orgId: string): Promise<RoutingPolicy> };
  /** Writes the rows of many calls in one transaction (docs/decisions/074). */
  writer: GroupCommit;
  /** This instance's budget leases: calls take their holds from them (docs/decisions/073). */
  leases: BudgetLeases;
  /** Saves calls as they stream and recovers what a crash left (docs/decisions/015). */
  journal: CallJournal;
  /** Shutdown waits for these before the database closes. */
  inFlight: InFlightCalls;
  /** The organisation's wallet: paid calls are held against it when payment is enforced (docs/decisions/022). */
  wallet?: {
    enforced: boolean;
    /** A paid call was recorded: auto-reloads its debit asked for are charged in the background. */
    usageRecorded(orgId: string): void;
  };
  /** Refuses calls to models once the plan's tokens for the billing cycle are used (docs/decisions/041). */
  planAllowance?: Pick<PlanAllowanceGate, 'assertRoom' | 'spent'>;
  /** Whether the free embedded model is offered (a wallet refusal says it still works). */
  localModelEnabled: boolean;
  /** How long a primary model with a backup may take to start before the backup is asked. */
  firstPartTimeoutMs: number;
  /** Metrics and traces of the calls (docs/decisions/057); none when absent. */
  observer?: ModelCallObserver;
}
