import type { Logger } from 'pino';
import type { CatalogModel, LocalChatProvider } from '../../gateway';
import type { Database } from '../db/database';
import type { OrganisationProviders } from '../provider-keys/organisation-providers';
import type { CacheSettings } from '../../gateway';
import type { PromptScorer } from '../routing/prompt-scorer';
import type { ReplyCache } from '../routing/reply-cache';
import type { RoutingPolicies } from '../routing/routing-policies';
import type { ExportLinks } from './export-links';
import type { InFlightReplies } from './in-flight-replies';
import type { LiveReplies } from './live-replies';
import type { SetupGate } from './setup-gate';
import type { PlanAllowanceGate } from '../billing/plan-allowance-gate';

/** What the conversation services need; built once in server.ts and passed in. */
export interface ConversationDependencies {
  db: Database;
  /** Each organisation's credentials (its own keys over the instance's) and gateway. */
  providers: OrganisationProviders;
  catalog: readonly CatalogModel[];
  localModelEnabled: boolean;
  /** The embedded model's loading state, when it is enabled. */
  localModel?: Pick<LocalChatProvider, 'status'>;
  logger: Logger;
  /** Shutdown waits for these before the database closes, so no reply goes unrecorded. */
  inFlight: InFlightReplies;
  /** Saves replies as they stream, so a crash loses at most the last second of each (docs/decisions/015). */
  liveReplies: LiveReplies;
  /** How many chat requests set up at once (routing, cache look-up, rows); the rest wait their turn. */
  setupGate: SetupGate;
  /** Signs and checks the export download links a new tab opens without a bearer token. */
  exportLinks: ExportLinks;
  /** The organisation's wallet: paid calls are held against it when payment is enforced (docs/decisions/022). */
  wallet?: {
    enforced: boolean;
    /** A paid reply was recorded: auto-reloads its debit asked for are charged in the background. */
    usageRecorded(orgId: string): void;
  };
  /** Refuses messages to models once the plan's tokens for the billing cycle are used (docs/decisions/041). */
  planAllowance?: Pick<PlanAllowanceGate, 'assertRoom'>;
  routing: {
    /** Each organisation's routing policy (cached briefly; saved through the same object). */
    policies: RoutingPolicies;
    /** The learned router; without it automatic requests go to the strongest model the caller may use. */
    scorer?: PromptScorer;
    /** How long a primary model with a backup may take to start before the backup is asked. */
    firstPartTimeoutMs: number;
    /** The semantic cache; without it every request goes to a model. */
    cache?: ReplyCache;
    /** A cloud model is asked while the cache is searched, and stopped on a hit (docs/decisions/032). */
    speculativeCalls?: boolean;
    /** Borderline cache pairs are put to the caller's cheapest cloud model (docs/decisions/026, amendment). */
    cacheJudge?: boolean;
    /** The cache's product defaults, for what an organisation's policy leaves open. */
    cacheDefaults: CacheSettings;
    /** Loads and runs the embedded encoder once, so the first message does not wait for it. */
    warm?: () => Promise<void>;
    /** Stops what routing runs beside the server (the encoder's thread). */
    close?: () => Promise<void>;
  };
}
