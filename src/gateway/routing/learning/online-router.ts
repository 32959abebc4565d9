import { dotProduct, normaliseInPlace, quantiseVector, restoreVector, type QuantisedVector } from './quantised-vector';
import { solveSymmetric } from './symmetric-solve';

export interface OnlineRouterSettings {
  windowCharacters: number;
  memoryCapacity: number;
  neighbours: number;
  bandwidths: number[];
  shrinkages: number[];
  priorSlope: number;
  priorStrength: number;
}

export const defaultOnlineRouterSettings: OnlineRouterSettings = {
  windowCharacters: 256,
  memoryCapacity: 512,
  neighbours: 32,
  bandwidths: [0.03, 0.06, 0.12],
  shrinkages: [1, 3, 10],
  priorSlope: 0.05,
  priorStrength: 20,
};

export interface MemoryItem {
  vector: QuantisedVector;
  weight: number;
  gapSum: number;
  logitSum: number;
}

export interface OnlineRouterState {
  format: 'tokenwise-online-router/1';
  settings: OnlineRouterSettings;
  labels: number;
  gram: number[]; // [n, sum z, sum z^2]
  moments: number[]; // [sum gap, sum z gap]
  memory: MemoryItem[];
  errors: number[];
}

export interface RouterObservation {
  embedding: Float32Array;
  staticScore: number;
}

export interface RouterLabel {
  weak: number;
  strong: number;
}

export function createOnlineRouterState(
  settings: OnlineRouterSettings = defaultOnlineRouterSettings,
): OnlineRouterState {
  return {
    format: 'tokenwise-online-router/1',
    settings,
    labels: 0,
    gram: [0, 0, 0],
    moments: [0, 0],
    memory: [],
    errors: new Array(settings.bandwidths.length * settings.shrinkages.length).fill(0),
  };
}

const restored = new WeakMap<MemoryItem, Float32Array>();
function vectorOf(item: MemoryItem): Float32Array {
  let vector = restored.get(item);
  if (!vector) restored.set(item, (vector = restoreVector(item.vector)));
  return vector;
}

export function staticLogit(score: number): number {
  const clamped = Math.min(1 - 1e-4, Math.max(1e-4, score));
  return Math.log(clamped / (1 - clamped));
}

function linearCoefficients(state: OnlineRouterState): [number, number] {
  const { priorSlope, priorStrength } = state.settings;
  const [n, sumZ, sumZZ] = state.gram;
  const [sumGap, sumZGap] = state.moments;
  const solution = solveSymmetric(
    [
      [n! + priorStrength, sumZ!],
      [sumZ!, sumZZ! + priorStrength],
    ],
    [sumGap!, sumZGap! + priorStrength * priorSlope],
  );
  return [solution[0]!, solution[1]!];
}

interface Neighbour {
  similarity: number;
  item: MemoryItem;
}

function nearest(state: OnlineRouterState, embedding: Float32Array): Neighbour[] {
  const all = state.memory.map((item) => ({ similarity: dotProduct(embedding, vectorOf(item)), item }));
  all.sort((first, second) => second.similarity - first.similarity);
  return all.slice(0, state.settings.neighbours);
}

function residualEstimates(
  state: OnlineRouterState,
  neighbours: readonly Neighbour[],
  coefficients: [number, number],
): number[] {
  const { bandwidths, shrinkages } = state.settings;
  const estimates: number[] = [];
  for (const bandwidth of bandwidths) {
    let weighted = 0;
    let totalWeight = 0;
    for (const { similarity, item } of neighbours) {
      const kernel = item.weight * Math.exp((similarity - 1) / bandwidth);
      const residualMean =
        (item.gapSum - coefficients[0] * item.weight - coefficients[1] * item.logitSum) / item.weight;
      weighted += kernel * residualMean;
      totalWeight += kernel;
    }
    for (const shrinkage of shrinkages) estimates.push(weighted / (totalWeight + shrinkage));
  }
  return estimates;
}

function bestCandidate(state: OnlineRouterState): number {
  let best = Math.floor(state.errors.length / 2);
  state.errors.forEach((error, index) => {
    if (error < state.errors[best]!) best = index;
  });
  return best;
}

export interface RouterEstimate {
  score: number;
  gain: number;
  prior: number;
}

export function scoreOnlineRouter(state: OnlineRouterState, observation: RouterObservation): RouterEstimate {
  const coefficients = linearCoefficients(state);
  const prior = coefficients[0] + coefficients[1] * staticLogit(observation.staticScore);
  const residuals = residualEstimates(state, nearest(state, observation.embedding), coefficients);
  const gain = prior + residuals[bestCandidate(state)]!;
  return { score: Math.min(1, Math.max(0, 0.5 + gain / 2)), gain, prior };
}

export function learnOnlineRouter(
  state: OnlineRouterState,
  observation: RouterObservation,
  label: RouterLabel,
): OnlineRouterState {
  const gap = label.strong - label.weak;
  const z = staticLogit(observation.staticScore);
  const coefficients = linearCoefficients(state);
  const neighbours = nearest(state, observation.embedding);
  const prior = coefficients[0] + coefficients[1] * z;
  const errors = residualEstimates(state, neighbours, coefficients).map(
    (residual, index) => state.errors[index]! + (gap - prior - residual) ** 2,
  );
  const [n, sumZ, sumZZ] = state.gram;
  const [sumGap, sumZGap] = state.moments;
  const item: MemoryItem = { vector: quantiseVector(observation.embedding), weight: 1, gapSum: gap, logitSum: z };
  let memory: MemoryItem[];
  if (state.memory.length < state.settings.memoryCapacity) memory = [...state.memory, item];
  else {
    const target = neighbours[0]!.item;
    const merged = vectorOf(target).map((value, index) => value * target.weight + observation.embedding[index]!);
    const replacement: MemoryItem = {
      vector: quantiseVector(normaliseInPlace(merged)),
      weight: target.weight + 1,
      gapSum: target.gapSum + gap,
      logitSum: target.logitSum + z,
    };
    memory = state.memory.map((existing) => (existing === target ? replacement : existing));
  }
  return {
    ...state,
    labels: state.labels + 1,
    gram: [n! + 1, sumZ! + z, sumZZ! + z * z],
    moments: [sumGap! + gap, sumZGap! + z * gap],
    memory,
    errors,
  };
}
