import { createBayesianLogistic, predictLogit, sigmoid, updateLogistic } from './bayesian-logistic';
import {
  cacheLearnerFormat,
  type CacheLearnerSettings,
  type CacheLearnerState,
  type EntryBelief,
} from './cache-learner-state';
import { pairFeatureNames, type PairFeatures } from './pair-features';

/**
 * A semantic cache whose hits carry an error bound, learned from an organisation's own lookups
 * (docs/decisions/048). The chance that a stored reply answers a new prompt is a logistic model of
 * the pair's features (pair-features.ts), pooled over every entry, plus a shift of the logit
 * learned for each stored entry from its own outcomes (with few or none, the pooled model alone).
 * The pooled weights are a Gaussian belief updated one label at a time, so the model knows how
 * unsure it is. A lookup is answered from the cache without asking anyone only when the upper
 * confidence bound of its chance of being wrong is at most δ; otherwise, when the policy allows a
 * judge and the pair may well be the same question, the judge is asked; otherwise it is a miss.
 */
export const defaultCacheLearnerSettings: Readonly<CacheLearnerSettings> = Object.freeze({
  delta: 0.02,
  confidenceZ: 1.645,
  entryVariance: 0.25,
  judgeFloor: 0.5,
  entryCapacity: 2_000,
});

/**
 * The prior: decision 026's rules as soft beliefs, each weight with variance 1 (the similarity's
 * 0.25, as it spans 5 steps) so that a few dozen labels move it. A pair the verifier accepts at
 * similarity 0.8 starts at about 73% (logit 1.0); each of its hard rules broken (numbers,
 * negation, names, kind of question) takes 2-3 logits off.
 */
const priorMean = [-0.5, 1, 1.5, -0.8, 0, 0, -3, -3, -3, -2];
const priorVariances = [1, 0.25, 1, 1, 1, 1, 1, 1, 1, 1];

export function createCacheLearnerState(
  settings: CacheLearnerSettings = defaultCacheLearnerSettings,
): CacheLearnerState {
  return {
    format: cacheLearnerFormat,
    featureNames: [...pairFeatureNames],
    settings: { ...settings },
    model: createBayesianLogistic(priorMean, priorVariances),
    entries: {},
    audit: { checked: 0, wrong: 0, expectedWrong: 0 },
    labels: 0,
  };
}

export type CacheAction = 'hit' | 'miss' | 'ask-judge';

type CacheLookupReason =
  /** An exact repeat (after normalisation): always answered, as the product's exact tier does. */
  | 'exact'
  /** A prompt about now or about the user: never answered from the cache. */
  | 'not-cacheable'
  /** The bound on the chance of a wrong answer is within δ. */
  | 'within-bound'
  /** Not within the bound, but likely enough to be the same question that the judge is asked. */
  | 'borderline'
  /** Not within the bound, and either unlikely or no judge allowed. */
  | 'outside-bound';

export interface CacheLookupDecision {
  action: CacheAction;
  reason: CacheLookupReason;
  /** Estimated chance that the stored reply answers the new prompt. */
  probability: number;
  /** Upper confidence bound of the chance that a hit served now would be wrong (after the audit's correction). */
  wrongBound: number;
}

/** One lookup: the stored entry it is about (an id that stays the same for that entry) and the pair's features. */
export interface CacheLookup {
  entryKey: string;
  features: PairFeatures;
}

// A logit whose value is uncertain with this variance, read as a probability (the probit approximation).
const probitScale = (variance: number) => Math.sqrt(1 + (Math.PI * variance) / 8);

/**
 * Decides one lookup from the state as it is: pure, the state is not changed.
 *
 * - The pooled weights' uncertainty gives a one-sided bound on the logit (confidenceZ standard
 *   deviations); the entry's own departure from the pooled model is integrated out, with its
 *   learned variance (or the prior's for an entry with no outcome yet).
 * - The audit corrects the bound: when checked hits turned out wrong more often than the model
 *   expected, the bound is multiplied by observed / expected (each plus one).
 */
export function decideCacheLookup(
  state: CacheLearnerState,
  lookup: CacheLookup,
  judgeAllowed: boolean,
): CacheLookupDecision {
  const { features } = lookup;
  if (features.gate === 'not-cacheable')
    return { action: 'miss', reason: 'not-cacheable', probability: 0, wrongBound: 1 };
  if (features.gate === 'exact') return { action: 'hit', reason: 'exact', probability: 1, wrongBound: 0 };
  const { settings } = state;
  const entry = state.entries[lookup.entryKey];
  const logit = predictLogit(state.model, features.values);
  const mean = logit.mean + (entry?.offset ?? 0);
  const entryVariance = entry ? 1 / entry.precision : settings.entryVariance;
  const spread = settings.confidenceZ * Math.sqrt(logit.variance);
  const probability = sigmoid(mean / probitScale(logit.variance + entryVariance));
  const lower = sigmoid((mean - spread) / probitScale(entryVariance));
  const upper = sigmoid((mean + spread) / probitScale(entryVariance));
  const correction = Math.max(1, (state.audit.wrong + 1) / (state.audit.expectedWrong + 1));
  const wrongBound = Math.min(1, (1 - lower) * correction);
  if (wrongBound <= settings.delta) return { action: 'hit', reason: 'within-bound', probability, wrongBound };
  if (judgeAllowed && upper >= settings.judgeFloor)
    return { action: 'ask-judge', reason: 'borderline', probability, wrongBound };
  return { action: 'miss', reason: 'outside-bound', probability, wrongBound };
}

/** A labelled lookup: the judge's verdict, a served hit checked afterwards, or a user's signal about a hit. */
export interface CacheOutcome extends CacheLookup {
  same: boolean;
  source: 'judge' | 'check' | 'feedback';
  /** The decision taken before the label was known. */
  decision: CacheLookupDecision;
}

/** The state after learning one outcome: a new object, the old one is left as it was. */
export function learnCacheOutcome(state: CacheLearnerState, outcome: CacheOutcome): CacheLearnerState {
  if (outcome.features.gate !== 'learned') return state;
  const label = outcome.same ? 1 : 0;
  const { settings } = state;
  const entry: EntryBelief = state.entries[outcome.entryKey] ?? {
    offset: 0,
    precision: 1 / settings.entryVariance,
    observations: 0,
    lastSeen: state.labels,
  };
  const pooled = outcome.features.values.reduce((sum, value, index) => sum + value * state.model.mean[index]!, 0);
  const probability = sigmoid(pooled + entry.offset);
  // One Newton step for the entry's shift, given the pooled model as it was (the Laplace approximation).
  const precision = entry.precision + Math.max(probability * (1 - probability), 1e-6);
  const entries = {
    ...state.entries,
    [outcome.entryKey]: {
      offset: entry.offset + (label - probability) / precision,
      precision,
      observations: entry.observations + 1,
      lastSeen: state.labels + 1,
    },
  };
  const keys = Object.keys(entries);
  if (keys.length > settings.entryCapacity) {
    const oldest = keys.reduce((first, key) => (entries[key]!.lastSeen < entries[first]!.lastSeen ? key : first));
    delete entries[oldest];
  }
  // Only hits served without the judge and checked at random measure the bound honestly.
  const audited = outcome.source === 'check' && outcome.decision.reason === 'within-bound';
  return {
    ...state,
    model: updateLogistic(state.model, outcome.features.values, label, entry.offset),
    entries,
    audit: audited
      ? {
          checked: state.audit.checked + 1,
          wrong: state.audit.wrong + (outcome.same ? 0 : 1),
          expectedWrong: state.audit.expectedWrong + (1 - outcome.decision.probability),
        }
      : state.audit,
    labels: state.labels + 1,
  };
}
