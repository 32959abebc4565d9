import type { CatalogModel } from '../../gateway';
import { byCost } from './reference-model';

/** Why the embedded model is missing from Auto's choice, as the decision's considered list says it. */
export const embeddedModelLeftOut =
  'The embedded model answers Auto only when no cloud provider is configured, or when the routing policy names it';

/** The models Auto chooses among for one organisation, and the available ones it leaves out with why. */
export interface AutoLadder {
  /** Cheapest tier first. */
  models: CatalogModel[];
  leftOut: { model: CatalogModel; note: string }[];
}

/**
 * Auto's ladder from the models the organisation can reach (docs/decisions/025). The policy's
 * candidates, when it names some, else every model; the embedded model only when the policy names
 * it or no cloud model is reachable at all (a 2-bit 1B model is a last resort, not a cheap tier).
 */
export function autoLadder(available: readonly CatalogModel[], candidateIds: readonly string[] | null): AutoLadder {
  const named = candidateIds ? available.filter((model) => candidateIds.includes(model.id)) : [...available];
  const hasCloudModel = available.some((model) => !isEmbedded(model));
  const keep = (model: CatalogModel) =>
    !isEmbedded(model) || !hasCloudModel || (candidateIds?.includes(model.id) ?? false);
  return {
    models: named.filter(keep).sort(byCost),
    leftOut: named.filter((model) => !keep(model)).map((model) => ({ model, note: embeddedModelLeftOut })),
  };
}

/**
 * The ladder a caller's request chooses from: the policy's, unless the caller's role enables none
 * of it; then the whole default ladder; and when the role enables none of that either (a role
 * limited to the embedded model), every model the organisation can reach, so the caller is
 * answered by what their administrator gave them rather than refused.
 */
export function ladderFor(
  available: readonly CatalogModel[],
  candidateIds: readonly string[] | null,
  isUsable: (model: CatalogModel) => boolean,
): AutoLadder {
  for (const ids of candidateIds ? [candidateIds, null] : [null]) {
    const ladder = autoLadder(available, ids);
    if (ladder.models.some(isUsable)) return ladder;
  }
  return { models: [...available].sort(byCost), leftOut: [] };
}

function isEmbedded(model: CatalogModel): boolean {
  return model.provider === 'local';
}
