import type { RoutingQualityResponse } from '../../../contracts';
import type { Executor } from '../../db/database';
import { usdNumber } from '../../../money';
import type { RoutingPolicies } from '../routing-policies';
import { listShadowLabels, shadowSpendThisMonth, type ShadowLabel } from './shadow-label-repository';
import { wilsonInterval } from './wilson-interval';

function measured(labels: readonly ShadowLabel[]) {
  const judgedAsGood = labels.filter((label) => label.verdict === 'as_good').length;
  const cost = labels.reduce((sum, label) => sum + label.strongCostPicodollars + label.judgeCostPicodollars, 0n);
  return {
    sampled: labels.length,
    judged_as_good: judgedAsGood,
    as_good_share: labels.length > 0 ? judgedAsGood / labels.length : null,
    as_good_interval: wilsonInterval(judgedAsGood, labels.length) ?? null,
    sampling_cost_usd: usdNumber(cost),
  };
}

/** The organisation's shadow-evaluation figures by kind of prompt and tier (docs/decisions/067). */
export async function routingQuality(
  dependencies: { db: Executor; policies: Pick<RoutingPolicies, 'load'> },
  orgId: string,
): Promise<RoutingQualityResponse> {
  const labels = await listShadowLabels(dependencies.db, orgId);
  const groups = new Map<string, ShadowLabel[]>();
  for (const label of labels) {
    const key = `${label.promptKind ?? ''}|${label.tier}`;
    groups.set(key, [...(groups.get(key) ?? []), label]);
  }
  const policy = await dependencies.policies.load(orgId);
  return {
    groups: [...groups.values()]
      .map((group) => ({ kind: group[0]!.promptKind, tier: group[0]!.tier, ...measured(group) }))
      .sort((first, second) => (first.kind ?? '').localeCompare(second.kind ?? '') || first.tier - second.tier),
    totals: measured(labels),
    month: {
      sampling_cost_usd: usdNumber(await shadowSpendThisMonth(dependencies.db, orgId)),
      monthly_budget_usd: policy.shadow_evaluation.monthly_budget_usd,
    },
  };
}
