import type { RoutingPolicy } from '../../contracts';
import type { Executor } from '../db/database';
import { loadRoutingPolicy, saveRoutingPolicy } from './policy-repository';

/** Each organisation's routing policy, read once per `cacheMilliseconds` instead of on every message. */
export interface RoutingPolicies {
  load(orgId: string): Promise<RoutingPolicy>;
  /** Saves and applies at once on this instance; other instances see it within their cache lifetime. */
  save(orgId: string, policy: RoutingPolicy): Promise<void>;
  /** A policy saved elsewhere (in an administrative change's transaction, now committed): applied at once here. */
  remember(orgId: string, policy: RoutingPolicy): void;
}

export interface RoutingPoliciesOptions {
  db: Executor;
  /** Another instance may have changed the policy; a cached one lives this long. Defaults to 30 s. */
  cacheMilliseconds?: number;
}

export function createRoutingPolicies(options: RoutingPoliciesOptions): RoutingPolicies {
  const lifetime = options.cacheMilliseconds ?? 30_000;
  const cache = new Map<string, { at: number; policy: Promise<RoutingPolicy> }>();

  return {
    load(orgId) {
      const cached = cache.get(orgId);
      if (cached && Date.now() - cached.at < lifetime) return cached.policy;
      const policy = loadRoutingPolicy(options.db, orgId);
      cache.set(orgId, { at: Date.now(), policy });
      // A failed read is not remembered: the next message reads again.
      policy.catch(() => cache.get(orgId)?.policy === policy && cache.delete(orgId));
      return policy;
    },
    async save(orgId, policy) {
      cache.delete(orgId);
      await saveRoutingPolicy(options.db, orgId, policy);
      cache.set(orgId, { at: Date.now(), policy: Promise.resolve(policy) });
    },
    remember(orgId, policy) {
      cache.set(orgId, { at: Date.now(), policy: Promise.resolve(policy) });
    },
  };
}
