import type { RoutingReason } from '../../contracts';
import { promptKindLabels, type CatalogModel, type PromptKind } from '../../gateway';
import type { UsableModel } from '../usage/usable-model';
import { byCost } from './reference-model';

/** One model the router looked at, as recorded on the decision. */
export interface ConsideredModel {
  model_id: string;
  tier: number;
  eligible: boolean;
  note?: string;
}

/** A usable model that may still be ruled out for this request (per-request or monthly limit). */
export interface CandidateModel {
  usable: UsableModel;
  /** Why this request may not use it; undefined when it may. */
  ruledOut?: string;
}

export interface RouteInputs {
  /** Models the organisation can reach and the policy offers, in tier order (cheapest first). */
  offered: readonly CatalogModel[];
  /** Models the organisation can reach that Auto leaves out (the embedded model), each with why. */
  leftOut?: readonly { model: CatalogModel; note: string }[];
  /** The offered models the caller's role allows, each with this request's limit verdict. */
  candidates: readonly CandidateModel[];
  routingEnabled: boolean;
  /**
   * How much the prompt needs a strong model (higher: more), the score where the strongest tier
   * starts, and the tier the router chose for it among the offered tiers; `unsure` when the score
   * was just below the threshold, within the router's margin of error, and the strongest tier was chosen for quality.
   */
  score?: {
    value: number;
    threshold: number;
    idealTier: number;
    unsure?: boolean;
    /** The prompt's kind, whose calibration moved the threshold (docs/decisions/033). */
    kind?: PromptKind;
    /** Which router decided: the organisation's own, learned from its labels (docs/decisions/068), or the global one. */
    router?: 'organisation' | 'global';
    /** The global router's own score, which the organisation's router reads as one of its inputs. */
    globalScore?: number;
    /** Labels the organisation's router has learned, when it decided. */
    organisationLabels?: number;
    /** Set when the organisation's feedback on prompts of this kind moved the threshold: `threshold` is `baseThreshold` + `offset`, within 0..1. */
    calibration?: { offset: number; signals: number; baseThreshold: number };
  };
  /** The organisation's default model: what answers with routing off, when the caller may use it for this request. */
  defaultModelId?: string | null;
}

export interface PlannedRoute {
  reason: Extract<RoutingReason, 'router_score' | 'routing_off' | 'only_model'>;
  reasonText: string;
  primary: UsableModel;
  backup?: UsableModel;
  considered: ConsideredModel[];
}

const round = (value: number) => value.toFixed(2);

/**
 * Chooses the model of an automatic request. The router has picked the ideal tier for the
 * prompt; within a tier the cheapest eligible model answers. When the ideal tier
 * has no model the caller may use, the nearest stronger tier answers (else the nearest weaker),
 * and the reason says so. The backup is the next choice: another model of the same tier, else
 * the nearest stronger one, else the nearest weaker one.
 */
export function planRoute(inputs: RouteInputs): PlannedRoute {
  const eligible = inputs.candidates.filter((candidate) => !candidate.ruledOut).map((candidate) => candidate.usable);
  const considered = describeConsidered(inputs);
  if (eligible.length === 0) throw new Error('planRoute needs at least one eligible model');
  const ordered = [...eligible].sort((first, second) => byCost(first.model, second.model));

  if (ordered.length === 1) {
    return {
      reason: 'only_model',
      reasonText: 'The only model you may use for this request',
      primary: ordered[0]!,
      considered,
    };
  }
  if (!inputs.routingEnabled || !inputs.score) return planWithoutRouter(inputs.defaultModelId, ordered, considered);

  const { value, threshold, idealTier, unsure } = inputs.score;
  const eligibleTiers: number[] = [...new Set(ordered.map((usable) => usable.model.tier))];
  const servedTier = eligibleTiers.includes(idealTier)
    ? idealTier
    : (eligibleTiers.filter((tier) => tier > idealTier).sort((a, b) => a - b)[0] ??
      eligibleTiers.filter((tier) => tier < idealTier).sort((a, b) => b - a)[0]!);
  const primary = ordered.find((usable) => usable.model.tier === servedTier)!;

  const comparison =
    value >= threshold
      ? `at or above ${round(threshold)}: the strongest tier`
      : unsure
        ? `just below ${round(threshold)}, within the router's margin of error: unsure, so the strongest tier (quality first)`
        : `below ${round(threshold)}: tier ${idealTier} is enough`;
  const { organisationLabels } = inputs.score;
  let reasonText =
    inputs.score.router === 'organisation'
      ? `Your organization's own router (learned from ${organisationLabels} labels): score ${round(value)} ${comparison}`
      : `Router score ${round(value)} ${comparison}`;
  const { calibration, kind } = inputs.score;
  if (calibration) reasonText += ` (${calibrationText(calibration, kind)})`;
  if (servedTier !== idealTier) {
    reasonText += `; ${servedTier > idealTier ? 'stepped up' : 'stepped down'} to tier ${servedTier}, as no tier-${idealTier} model is open to you`;
  }
  return { reason: 'router_score', reasonText, primary, backup: backupFor(primary, ordered), considered };
}

/** "threshold 0.48 for code prompts, adjusted −0.15 by your organization's feedback on them: 11 ratings, regenerations and edits". */
function calibrationText(
  calibration: NonNullable<NonNullable<RouteInputs['score']>['calibration']>,
  kind: PromptKind | undefined,
): string {
  const sign = calibration.offset < 0 ? '\u2212' : '+';
  const signals = `${calibration.signals} ${calibration.signals === 1 ? 'rating, regeneration or edit' : 'ratings, regenerations and edits'}`;
  const of = kind ? ` for ${promptKindLabels[kind]}` : '';
  const on = kind ? ' on them' : '';
  return `threshold ${round(calibration.baseThreshold)}${of}, adjusted ${sign}${Math.abs(calibration.offset).toFixed(2)} by your organization's feedback${on}: ${signals}`;
}

/**
 * Routing off: the organisation's default model when the caller may use it for this request,
 * otherwise the strongest model they may use, the reason saying why the default did not answer.
 */
function planWithoutRouter(
  defaultModelId: string | null | undefined,
  ordered: readonly UsableModel[],
  considered: ConsideredModel[],
): PlannedRoute {
  const chosen = defaultModelId ? ordered.find((usable) => usable.model.id === defaultModelId) : undefined;
  if (chosen) {
    return {
      reason: 'routing_off',
      reasonText: "Routing is off: your organization's default model",
      primary: chosen,
      backup: backupFor(chosen, ordered),
      considered,
    };
  }
  const best = ordered.at(-1)!;
  const reasonText = defaultModelId
    ? `Routing is off: the strongest model you may use, as your organization's default model (${defaultModelId}) is not open to you for this request`
    : 'Routing is off: the strongest model you may use';
  return { reason: 'routing_off', reasonText, primary: best, backup: backupFor(best, ordered), considered };
}

function backupFor(primary: UsableModel, ordered: readonly UsableModel[]): UsableModel | undefined {
  const others = ordered.filter((usable) => usable !== primary);
  const sameTier = others.filter((usable) => usable.model.tier === primary.model.tier);
  const otherProvider = sameTier.find((usable) => usable.model.provider !== primary.model.provider);
  return (
    otherProvider ??
    sameTier[0] ??
    others.find((usable) => usable.model.tier > primary.model.tier) ??
    [...others].reverse().find((usable) => usable.model.tier < primary.model.tier)
  );
}

function describeConsidered(inputs: RouteInputs): ConsideredModel[] {
  const byId = new Map(inputs.candidates.map((candidate) => [candidate.usable.model.id, candidate]));
  const offered = inputs.offered.map((model): ConsideredModel => {
    const candidate = byId.get(model.id);
    if (!candidate) return { model_id: model.id, tier: model.tier, eligible: false, note: 'Not allowed for your role' };
    return candidate.ruledOut
      ? { model_id: model.id, tier: model.tier, eligible: false, note: candidate.ruledOut }
      : { model_id: model.id, tier: model.tier, eligible: true };
  });
  const leftOut = (inputs.leftOut ?? []).map(
    ({ model, note }): ConsideredModel => ({ model_id: model.id, tier: model.tier, eligible: false, note }),
  );
  return [...offered, ...leftOut];
}
