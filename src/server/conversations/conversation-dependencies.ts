import type { BudgetLeaseBook } from '../usage/budget-lease-book';
import type { Logger } from 'pino';
import type { CatalogModel, LocalModelStatus } from '../../gateway';
import type { Database } from '../db/database';
import type { OrganisationProviders } from '../provider-keys/organisation-providers';
import type { RoutingDependencies } from '../routing/routing-dependencies';
import type { ShadowEvaluator } from '../routing/shadow/shadow-evaluator';
import type { CacheHitChecks } from '../routing/cache-learning/cache-hit-checks';
import type { InFlightCalls } from '../metered-calls/in-flight-calls';
import type { MeteredCalls } from '../metered-calls/metered-calls';
import type { ExportLinks } from './export-links';
import type { PriceBook } from '../pricing/price-book';
import type { SetupGate } from './setup-gate';

/** What the conversation services need; built once in server.ts and passed in. */
export interface ConversationDependencies {
  db: Database;
  /** Each organisation's credentials (its own keys over the instance's) and gateway. */
  providers: OrganisationProviders;
  catalog: readonly CatalogModel[];
  /** The price book in memory (docs/decisions/071): estimates use the prices effective now. */
  prices: PriceBook;
  localModelEnabled: boolean;
  /** The embedded model's loading state, when it is enabled. */
  localModel?: { status(): LocalModelStatus };
  logger: Logger;
  /** Shutdown waits for these before the database closes, so no reply goes unrecorded. */
  inFlight: InFlightCalls;
  /** The one way to call a model for the organisation: held, deadlined, recorded and settled (docs/decisions/037). */
  meteredCalls: MeteredCalls;
  /** This instance's budget leases: limits shown and routed around count only what its calls hold (docs/decisions/073). */
  leases?: { book: BudgetLeaseBook };
  /** How many chat requests set up at once (routing, cache look-up, rows); the rest wait their turn. */
  setupGate: SetupGate;
  /** Signs and checks the export download links a new tab opens without a bearer token. */
  exportLinks: ExportLinks;
  /** Compares a sample of Auto's cheaper replies with the strongest model's in the background (docs/decisions/067). */
  shadowEvaluator?: ShadowEvaluator;
  /** Checks a sample of semantic cache hits with the judge afterwards, at shadow evaluation's rate and budget (docs/decisions/080). */
  cacheHitChecks?: CacheHitChecks;
  routing: RoutingDependencies;
}
