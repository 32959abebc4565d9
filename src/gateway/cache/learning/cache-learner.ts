import {
  createBayesianLogistic,
  predictLogit,
  sigmoid,
  updateLogistic,
  type BayesianLogistic,
} from './bayesian-logistic';
import type { PairFeatures } from './pair-features';

export interface CacheLearnerSettings {
  delta: number;
  confidenceZ: number;
  entryVariance: number;
  judgeFloor: number;
  entryCapacity: number;
  priorMean: number[];
  priorVariances: number[];
}

export const defaultCacheLearnerSettings: CacheLearnerSettings = {
  delta: 0.02,
  confidenceZ: 1.645,
  entryVariance: 1,
  judgeFloor: 0.2,
  entryCapacity: 10_000,
  priorMean: [-0.5, 1, 1.5, -0.8, -3, -3, -3, -2],
  priorVariances: [1, 1, 1, 1, 1, 1, 1, 1],
};

export interface EntryBelief {
  offset: number;
  precision: number;
  observations: number;
  lastSeen: number;
}

export interface CacheLearnerState {
  format: 'tokenwise-cache-learner/1';
  settings: CacheLearnerSettings;
  model: BayesianLogistic;
  entries: Record<string, EntryBelief>;
  audit: { checked: number; wrong: number; expectedWrong: number };
  clock: number;
  labels: number;
}

export function createCacheLearnerState(
  settings: CacheLearnerSettings = defaultCacheLearnerSettings,
): CacheLearnerState {
  return {
    format: 'tokenwise-cache-learner/1',
    settings,
    model: createBayesianLogistic(settings.priorMean, settings.priorVariances),
    entries: {},
    audit: { checked: 0, wrong: 0, expectedWrong: 0 },
    clock: 0,
    labels: 0,
  };
}

export type CacheAction = 'hit' | 'miss' | 'ask-judge';

export interface CacheLookupDecision {
  action: CacheAction;
  /** Estimated chance the stored reply answers the new prompt. */
  probability: number;
  /** Upper confidence bound of the chance a hit served now is wrong (after the audit's correction). */
  wrongBound: number;
}

export interface CacheLookup {
  entryKey: string;
  features: PairFeatures;
}

const probitScale = (variance: number) => Math.sqrt(1 + (Math.PI * variance) / 8);

export function decideCacheLookup(
  state: CacheLearnerState,
  lookup: CacheLookup,
  judgeAllowed: boolean,
): CacheLookupDecision {
  const { features } = lookup;
  if (features.gate === 'not-cacheable') return { action: 'miss', probability: 0, wrongBound: 1 };
  if (features.gate === 'exact') return { action: 'hit', probability: 1, wrongBound: 0 };
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
  if (wrongBound <= settings.delta) return { action: 'hit', probability, wrongBound };
  if (judgeAllowed && upper >= settings.judgeFloor) return { action: 'ask-judge', probability, wrongBound };
  return { action: 'miss', probability, wrongBound };
}

export interface CacheOutcome extends CacheLookup {
  same: boolean;
  /** How the label was learned: the judge was asked, or a served hit was checked afterwards. */
  source: 'judge' | 'check';
  decision: CacheLookupDecision;
}

export function learnCacheOutcome(state: CacheLearnerState, outcome: CacheOutcome): CacheLearnerState {
  if (outcome.features.gate !== 'learned') return state;
  const label = outcome.same ? 1 : 0;
  const { settings } = state;
  const entry = state.entries[outcome.entryKey] ?? {
    offset: 0,
    precision: 1 / settings.entryVariance,
    observations: 0,
    lastSeen: state.clock,
  };
  const model = updateLogistic(state.model, outcome.features.values, label, entry.offset);
  const global = outcome.features.values.reduce((sum, value, index) => sum + value * state.model.mean[index]!, 0);
  const probability = sigmoid(global + entry.offset);
  const precision = entry.precision + Math.max(probability * (1 - probability), 1e-6);
  const updatedEntry: EntryBelief = {
    offset: entry.offset + (label - probability) / precision,
    precision,
    observations: entry.observations + 1,
    lastSeen: state.clock + 1,
  };
  const entries = { ...state.entries, [outcome.entryKey]: updatedEntry };
  const keys = Object.keys(entries);
  if (keys.length > settings.entryCapacity) {
    const oldest = keys.reduce((first, key) => (entries[key]!.lastSeen < entries[first]!.lastSeen ? key : first));
    delete entries[oldest];
  }
  const checked = outcome.source === 'check' && outcome.decision.action === 'hit';
  const audit = checked
    ? {
        checked: state.audit.checked + 1,
        wrong: state.audit.wrong + (outcome.same ? 0 : 1),
        expectedWrong: state.audit.expectedWrong + (1 - outcome.decision.probability),
      }
    : state.audit;
  return { ...state, model, entries, audit, clock: state.clock + 1, labels: state.labels + 1 };
}
