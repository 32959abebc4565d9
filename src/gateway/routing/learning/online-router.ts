import {
  onlineRouterFormat,
  outcomeCapacity,
  type MemoryItem,
  type OnlineRouterSettings,
  type OnlineRouterState,
} from './online-router-state';
import { dotProduct, normaliseInPlace, quantiseVector, restoreVector } from './quantised-vector';

/**
 * A router that learns an organisation's own traffic, one label at a time (docs/decisions/047).
 * A label is what shadow evaluation measures on a prompt: the weak and the strong model's quality
 * (0-1); the learner estimates the strong model's gain (strong - weak) for a new prompt as
 *
 *   gain = a + b * logit(global router's score)                    (the global router, calibrated)
 *        + sum_i w_i * residual_i / (sum_i w_i + shrinkage)         (what the nearest labels add)
 *
 * where a and b are a Bayesian linear regression of the labels' gains on the global router's
 * logit (prior: a = 0, b = priorSlope, worth priorStrength labels), residual_i is a remembered
 * label's gain minus that calibrated estimate, and w_i = exp((similarity_i - 1) / bandwidth) over
 * the `neighbours` most similar remembered prompts (sentence embeddings). With no label near a
 * prompt, or none at all, the score ranks prompts exactly as the global router does; as labels
 * accumulate near it, they take over. The bandwidth and shrinkage are chosen online among a few
 * candidates, by each candidate's squared error on labels before they were learned.
 */
export const defaultOnlineRouterSettings: Readonly<OnlineRouterSettings> = Object.freeze({
  memoryCapacity: 512,
  neighbours: 32,
  bandwidths: [0.03, 0.06, 0.12],
  shrinkages: [1, 3, 10],
  priorSlope: 0.05,
  priorStrength: 20,
});

/** The embedded encoder and the part of a routing text it reads (head and tail, routing-text.ts). */
export const defaultRouterEncoder: Readonly<OnlineRouterState['encoder']> = Object.freeze({
  id: 'use-lite-512',
  dimensions: 512,
  windowCharacters: 256,
});

/** What the learner reads of a prompt. */
export interface RouterObservation {
  /** Unit-length sentence embedding of the prompt's encoder window. */
  embedding: Float32Array;
  /** The global router's score (0-1). */
  staticScore: number;
}

/** A prompt's label: each model's quality on it, 0-1 (a judge's verdict, a benchmark's grade). */
export interface RouterLabel {
  weak: number;
  strong: number;
}

export interface RouterEstimate {
  /** 0-1, higher: the prompt needs the strong model more (0.5 + gain / 2, clamped). */
  score: number;
  /** Estimated quality gain of the strong model over the weak one. */
  gain: number;
  /** The calibrated global router's part of the gain. */
  globalPart: number;
}

/** A fresh learner: what a reset gives. */
export function createOnlineRouterState(
  settings: OnlineRouterSettings = defaultOnlineRouterSettings,
  encoder = defaultRouterEncoder,
): OnlineRouterState {
  return {
    format: onlineRouterFormat,
    encoder: { ...encoder },
    settings: { ...settings, bandwidths: [...settings.bandwidths], shrinkages: [...settings.shrinkages] },
    labels: 0,
    calibration: { count: 0, logitSum: 0, logitSquares: 0, gainSum: 0, logitGainSum: 0 },
    memory: [],
    errors: new Array(settings.bandwidths.length * settings.shrinkages.length).fill(0),
    outcomes: [],
  };
}

/** The global router's score as a logit, kept finite. */
function globalLogit(score: number): number {
  const clamped = Math.min(1 - 1e-4, Math.max(1e-4, score));
  return Math.log(clamped / (1 - clamped));
}

/** a and b of the calibration: the posterior mean of a ridge regression towards (0, priorSlope). */
function calibrationCoefficients(state: OnlineRouterState): [number, number] {
  const { count, logitSum, logitSquares, gainSum, logitGainSum } = state.calibration;
  const { priorSlope, priorStrength } = state.settings;
  const [a11, a12, a22] = [count + priorStrength, logitSum, logitSquares + priorStrength];
  const [b1, b2] = [gainSum, logitGainSum + priorStrength * priorSlope];
  const determinant = a11 * a22 - a12 * a12;
  return [(a22 * b1 - a12 * b2) / determinant, (a11 * b2 - a12 * b1) / determinant];
}

// Stored vectors are decoded once per item object: items are never changed, only replaced.
const decoded = new WeakMap<MemoryItem, Float32Array>();
function vectorOf(item: MemoryItem): Float32Array {
  let vector = decoded.get(item);
  if (!vector) {
    vector = restoreVector(item.vector);
    decoded.set(item, vector);
  }
  return vector;
}

interface Neighbour {
  similarity: number;
  item: MemoryItem;
}

function nearest(state: OnlineRouterState, embedding: Float32Array): Neighbour[] {
  if (embedding.length !== state.encoder.dimensions)
    throw new Error(`Expected a ${state.encoder.dimensions}-dimension embedding, got ${embedding.length}`);
  const neighbours = state.memory.map((item) => ({ similarity: dotProduct(embedding, vectorOf(item)), item }));
  neighbours.sort((first, second) => second.similarity - first.similarity);
  return neighbours.slice(0, state.settings.neighbours);
}

/** The gain each (bandwidth, shrinkage) candidate estimates, in state.errors order. */
function candidateGains(
  state: OnlineRouterState,
  neighbours: readonly Neighbour[],
  coefficients: [number, number],
  globalPart: number,
): number[] {
  const gains: number[] = [];
  for (const bandwidth of state.settings.bandwidths) {
    let weightedResidual = 0;
    let totalWeight = 0;
    for (const { similarity, item } of neighbours) {
      const weight = item.weight * Math.exp((similarity - 1) / bandwidth);
      const residual = (item.gainSum - coefficients[0] * item.weight - coefficients[1] * item.logitSum) / item.weight;
      weightedResidual += weight * residual;
      totalWeight += weight;
    }
    for (const shrinkage of state.settings.shrinkages)
      gains.push(globalPart + weightedResidual / (totalWeight + shrinkage));
  }
  return gains;
}

/** The candidate with the least running error (the middle one while none has been measured). */
function chosenCandidate(state: OnlineRouterState): number {
  let best = Math.floor(state.errors.length / 2);
  state.errors.forEach((error, index) => {
    if (error < state.errors[best]!) best = index;
  });
  return best;
}

/** Scores a prompt with the state as it is: pure, the state is not changed. */
export function scoreOnlineRouter(state: OnlineRouterState, observation: RouterObservation): RouterEstimate {
  const coefficients = calibrationCoefficients(state);
  const globalPart = coefficients[0] + coefficients[1] * globalLogit(observation.staticScore);
  const gains = candidateGains(state, nearest(state, observation.embedding), coefficients, globalPart);
  const gain = gains[chosenCandidate(state)]!;
  return { score: Math.min(1, Math.max(0, 0.5 + gain / 2)), gain, globalPart };
}

/** The state after learning one labelled prompt: a new object, the old one is left as it was. */
export function learnOnlineRouter(
  state: OnlineRouterState,
  observation: RouterObservation,
  label: RouterLabel,
): OnlineRouterState {
  for (const value of [label.weak, label.strong])
    if (!(value >= 0 && value <= 1)) throw new Error(`A label's qualities must be from 0 to 1, not ${value}`);
  const gain = label.strong - label.weak;
  const logit = globalLogit(observation.staticScore);
  const coefficients = calibrationCoefficients(state);
  const globalPart = coefficients[0] + coefficients[1] * logit;
  const neighbours = nearest(state, observation.embedding);
  // Each candidate is charged for this label before it is learned: an honest, out-of-sample error.
  const gains = candidateGains(state, neighbours, coefficients, globalPart);
  const errors = gains.map((estimate, index) => state.errors[index]! + (gain - estimate) ** 2);
  const scoreBefore = Math.min(1, Math.max(0, 0.5 + gains[chosenCandidate(state)]! / 2));
  const { calibration } = state;
  return {
    ...state,
    labels: state.labels + 1,
    calibration: {
      count: calibration.count + 1,
      logitSum: calibration.logitSum + logit,
      logitSquares: calibration.logitSquares + logit * logit,
      gainSum: calibration.gainSum + gain,
      logitGainSum: calibration.logitGainSum + logit * gain,
    },
    memory: remember(state, neighbours[0]?.item, observation.embedding, gain, logit),
    errors,
    outcomes: [...state.outcomes, { score: scoreBefore, weak: label.weak, strong: label.strong }].slice(
      -outcomeCapacity,
    ),
  };
}

/** Adds the label as its own item while there is room, otherwise merges it into its most similar item. */
function remember(
  state: OnlineRouterState,
  mostSimilar: MemoryItem | undefined,
  embedding: Float32Array,
  gain: number,
  logit: number,
): MemoryItem[] {
  if (state.memory.length < state.settings.memoryCapacity || !mostSimilar)
    return [...state.memory, { vector: quantiseVector(embedding), weight: 1, gainSum: gain, logitSum: logit }];
  const centre = vectorOf(mostSimilar).map((value, index) => value * mostSimilar.weight + embedding[index]!);
  const merged: MemoryItem = {
    vector: quantiseVector(normaliseInPlace(centre)),
    weight: mostSimilar.weight + 1,
    gainSum: mostSimilar.gainSum + gain,
    logitSum: mostSimilar.logitSum + logit,
  };
  return state.memory.map((item) => (item === mostSimilar ? merged : item));
}
