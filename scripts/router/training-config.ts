import type { LogisticTrainingOptions } from '../../src/gateway/routing/training/logistic-regression';
import type { BenchmarkName } from './routellm-data';

/** Everything that decides the trained router; train and eval both read it, so they cannot disagree. */
export interface RouterTrainingConfig {
  /** Characters of each prompt the sentence encoder reads (head and tail); see docs/decisions/009. */
  encoderWindowCharacters: number;
  folds: number;
  seed: number;
  logistic: LogisticTrainingOptions;
  /** Share of the total training weight each benchmark gets, whatever its size. */
  benchmarkWeightShares: Record<BenchmarkName, number>;
  /** An MT-Bench turn whose judge-score gap (strong - weak) is this or more is a full "needs strong" label. */
  mtBenchFullGap: number;
}

export const routerTrainingConfig: RouterTrainingConfig = {
  encoderWindowCharacters: 64,
  folds: 5,
  seed: 20240601,
  logistic: { l2: 0.3, iterations: 400, learningRate: 0.05 },
  benchmarkWeightShares: { 'mt-bench': 0.2, gsm8k: 0.3, mmlu: 0.5 },
  mtBenchFullGap: 3,
};
