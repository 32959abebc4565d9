import { describe, expect, it } from 'vitest';
import { findModel, modelCatalog } from '../../../gateway';
import type { UsableModel } from '../../usage/usable-model';
import { defaultRoutingPolicy } from '../policy-repository';
import { shadowJudgeOf, strongestOf, withoutLimits } from './shadow-models';

const usable = (id: string): UsableModel =>
  ({
    model: findModel(modelCatalog, id)!,
    monthlyTokenLimit: 1000,
    costLimitPicodollars: 5n,
  }) as unknown as UsableModel;

const strongCloud = modelCatalog
  .filter((model) => model.provider !== 'local')
  .sort((first, second) => second.tier - first.tier)[0]!;
const cheap = modelCatalog.find((model) => model.provider !== 'local' && model.tier < strongCloud.tier)!;
const local = modelCatalog.find((model) => model.provider === 'local');

describe("shadow evaluation's models", () => {
  it('takes the strongest cloud model, never the embedded one', () => {
    const models = [usable(cheap.id), usable(strongCloud.id), ...(local ? [usable(local.id)] : [])];
    expect(strongestOf(models)?.model.id).toBe(strongCloud.id);
    expect(strongestOf(local ? [usable(local.id)] : [])).toBeUndefined();
  });

  it("judges with the policy's model when the user may use it, else the strongest", () => {
    const models = [usable(cheap.id), usable(strongCloud.id)];
    const naming = (id: string | null) => ({
      ...defaultRoutingPolicy,
      shadow_evaluation: { ...defaultRoutingPolicy.shadow_evaluation, judge_model_id: id },
    });
    expect(shadowJudgeOf(naming(cheap.id), models)?.model.id).toBe(cheap.id);
    expect(shadowJudgeOf(naming(null), models)?.model.id).toBe(strongCloud.id);
    expect(shadowJudgeOf(naming('nobody/nothing'), models)?.model.id).toBe(strongCloud.id);
  });

  it("leaves the user's monthly limits out", () => {
    expect(withoutLimits(usable(cheap.id))).toMatchObject({
      monthlyTokenLimit: undefined,
      costLimitPicodollars: undefined,
    });
  });
});
