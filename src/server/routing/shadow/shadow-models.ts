import type { RoutingPolicy } from '../../../contracts';
import type { UsableModel } from '../../usage/usable-model';

/** The user's role without its monthly limits: the organisation pays for shadow evaluation, not the user. */
export const withoutLimits = (usable: UsableModel): UsableModel => ({
  ...usable,
  monthlyTokenLimit: undefined,
  costLimitPicodollars: undefined,
});

/** The strongest cloud model of those the user may use (highest tier, then id, so the choice is stable). */
export const strongestOf = (usable: readonly UsableModel[]) =>
  usable
    .filter((model) => model.model.provider !== 'local')
    .sort((first, second) => second.model.tier - first.model.tier || first.model.id.localeCompare(second.model.id))[0];

/** Shadow evaluation's judge (docs/decisions/067): the policy's model when the user may use it, else the strongest. */
export function shadowJudgeOf(policy: RoutingPolicy, usable: readonly UsableModel[]): UsableModel | undefined {
  const judgeId = policy.shadow_evaluation.judge_model_id;
  const named = judgeId
    ? usable.find((model) => model.model.id === judgeId && model.model.provider !== 'local')
    : undefined;
  return named ?? strongestOf(usable);
}
