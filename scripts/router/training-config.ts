import type { LogisticTrainingOptions } from '../../src/gateway/routing/training/logistic-regression';
import type { BenchmarkName } from './routellm-data';

/**
 * Everything that decides the trained router; train, eval and compare-variants all read it, so
 * they cannot disagree. Chosen on leave-one-benchmark-out results (docs/decisions/027).
 */
export interface RouterTrainingConfig {
  /** Characters of each prompt the sentence encoder reads (head and tail), or null: text features only. */
  encoderWindowCharacters: number | null;
  folds: number;
  seed: number;
  logistic: LogisticTrainingOptions;
  /** Hold each text feature's weight to the direction text-features.ts gives it. */
  directedFeatures: boolean;
  /** Centre features and fit an intercept per benchmark, so only differences within a benchmark are learned. */
  perBenchmarkCentring: boolean;
  /**
   * The length prior blended into the learned score: standard deviations of log(characters) added
   * per standard deviation of the learned logit (0: the learned score alone).
   */
  lengthPriorWeight: number;
  /** Leave out of training the MMLU subjects where the strong model scores below chance (a grading fault). */
  dropBelowChanceSubjects: boolean;
  /** Share of the total training weight each benchmark gets, whatever its size. */
  benchmarkWeightShares: Record<BenchmarkName, number>;
  /** An MT-Bench turn whose judge-score gap (strong - weak) is this or more is a full "needs strong" label. */
  mtBenchFullGap: number;
}

export const routerTrainingConfig: RouterTrainingConfig = {
  encoderWindowCharacters: null,
  folds: 5,
  seed: 20240601,
  logistic: { l2: 0.03, iterations: 400, learningRate: 0.05 },
  directedFeatures: true,
  perBenchmarkCentring: false,
  lengthPriorWeight: 0.75,
  dropBelowChanceSubjects: true,
  benchmarkWeightShares: { 'mt-bench': 0.2, gsm8k: 0.3, mmlu: 0.5 },
  mtBenchFullGap: 3,
};
