import type { RoutingQualityResponse } from '../../../contracts';
import type { Logger } from 'pino';
import type { Executor } from '../../db/database';
import { usdNumber } from '../../../money';
import type { OrganisationRouters } from '../organisation-router/organisation-routers';
import { organisationRouterStatus } from '../organisation-router/router-status-service';
import type { CacheLearning } from '../cache-learning/cache-learning';
import { cacheQuality } from '../cache-learning/cache-quality-service';
import type { RoutingPolicies } from '../routing-policies';
import { shadowLabelGroups, shadowSpendThisMonth, type ShadowLabelGroup } from './shadow-label-repository';
import { wilsonInterval } from './wilson-interval';

function measured({ sampled, judgedAsGood, costPicodollars }: Omit<ShadowLabelGroup, 'promptKind' | 'tier'>) {
  return {
    sampled,
    judged_as_good: judgedAsGood,
    as_good_share: sampled > 0 ? judgedAsGood / sampled : null,
    as_good_interval: wilsonInterval(judgedAsGood, sampled) ?? null,
    sampling_cost_usd: usdNumber(costPicodollars),
  };
}

export interface RoutingQualityDependencies {
  db: Executor;
  policies: Pick<RoutingPolicies, 'load'>;
  logger: Logger;
  organisationRouters?: OrganisationRouters;
  cacheLearning?: CacheLearning;
}

/** The organisation's shadow-evaluation figures by kind of prompt and tier (docs/decisions/067), and its cache's (080). */
export async function routingQuality(
  dependencies: RoutingQualityDependencies,
  orgId: string,
): Promise<RoutingQualityResponse> {
  const groups = await shadowLabelGroups(dependencies.db, orgId);
  const totals = groups.reduce(
    (sum, group) => ({
      sampled: sum.sampled + group.sampled,
      judgedAsGood: sum.judgedAsGood + group.judgedAsGood,
      costPicodollars: sum.costPicodollars + group.costPicodollars,
    }),
    { sampled: 0, judgedAsGood: 0, costPicodollars: 0n },
  );
  const policy = await dependencies.policies.load(orgId);
  return {
    groups: groups
      .map((group) => ({ kind: group.promptKind, tier: group.tier, ...measured(group) }))
      .sort((first, second) => (first.kind ?? '').localeCompare(second.kind ?? '') || first.tier - second.tier),
    totals: measured(totals),
    month: {
      sampling_cost_usd: usdNumber(await shadowSpendThisMonth(dependencies.db, orgId)),
      monthly_budget_usd: policy.shadow_evaluation.monthly_budget_usd,
    },
    router: await organisationRouterStatus(dependencies, orgId),
    cache: await cacheQuality(dependencies, orgId, policy.cache.error_rate),
  };
}
