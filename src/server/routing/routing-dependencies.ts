import type { CacheSettings } from '../../gateway';
import type { CacheLearning } from './cache-learning/cache-learning';
import type { OrganisationRouters } from './organisation-router/organisation-routers';
import type { PromptScorer } from './prompt-scorer';
import type { ReplyCache } from './reply-cache';
import type { RoutingPolicies } from './routing-policies';

/** What routing a request needs; built once in server.ts and passed in with the conversation dependencies. */
export interface RoutingDependencies {
  /** Each organisation's routing policy (cached briefly; saved through the same object). */
  policies: RoutingPolicies;
  /** The learned router; without it automatic requests go to the strongest model the caller may use. */
  scorer?: PromptScorer;
  /** Each organisation's router learned from its own labels, which takes over from `scorer` once it has enough (docs/decisions/068). */
  organisationRouters?: OrganisationRouters;
  /** The semantic cache; without it every request goes to a model. */
  cache?: ReplyCache;
  /** Each organisation's learned cache (docs/decisions/080): its copies, lookup counts and labels. */
  cacheLearning?: CacheLearning;
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
}
