/**
 * `npm run router:train`: trains the learned prompt router from ../shared/data/router (or
 * TOKENWISE_DATA_DIR) and writes src/gateway/routing/artifacts/prompt-router.json, which is
 * committed and loaded at start. Deterministic: the same data and code give the same file.
 * The calibration (threshold per quality target) and the router's margin of error are measured
 * leave-one-benchmark-out, the closest these data get to traffic the router never saw.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  defaultPromptRouterArtifactPath,
  parsePromptRouterArtifact,
  type PromptRouterArtifact,
} from '../../src/gateway/routing/router-artifact';
import { thresholdForQualityTarget, unsureFloor } from '../../src/gateway/routing/quality-calibration';
import { textFeatureNames } from '../../src/gateway/routing/text-features';
import { buildQualityCalibration } from '../../src/gateway/routing/training/build-quality-calibration';
import { predictLogistic } from '../../src/gateway/routing/training/logistic-regression';
import { scoreMargin } from '../../src/gateway/routing/training/score-margin';
import { evaluateSet, evaluationSets, pooledEvaluationSet } from './benchmark-report';
import { crossValidatedScores, scoreWith } from './cross-validation';
import { fitRouterModel } from './fit-router-model';
import { leaveOneBenchmarkOutScores } from './leave-one-benchmark-out';
import { benchmarkNames, strongModel, weakModel } from './routellm-data';
import { routerTrainingConfig as config } from './training-config';
import { prepareTrainingData } from './training-data';

const round = (value: number): number => Number(value.toPrecision(6));
const started = performance.now();

const data = await prepareTrainingData(config);
const fit = (training: readonly number[]) => fitRouterModel(data, training, config);
console.log(
  `data: ${data.items.length} prompts (${benchmarkNames.map((name) => `${name} ${data.items.filter((item) => item.benchmark === name).length}`).join(', ')}), contaminated prompts dropped`,
);
console.log(
  `trained on ${data.trainable.filter(Boolean).length} (below-chance MMLU subjects left out of training); loaded in ${data.seconds.load.toFixed(1)} s`,
);

let phase = performance.now();
const unseen = leaveOneBenchmarkOutScores(data.items, scoreWith(data, fit));
const outOfFold = crossValidatedScores(data, data.folds, config.folds, fit);
const evaluationSeconds = (performance.now() - phase) / 1000;
const outcomesOf = (scores: readonly number[]) =>
  benchmarkNames.map((name) =>
    data.items.flatMap((item, index) =>
      item.benchmark === name
        ? [{ score: scores[index]!, strongQuality: item.strongQuality, weakQuality: item.weakQuality }]
        : [],
    ),
  );
const unseenResults = [...evaluationSets(data.items, unseen), pooledEvaluationSet(data.items, unseen)].map(evaluateSet);
const outOfFoldResults = evaluationSets(data.items, outOfFold).map(evaluateSet);

phase = performance.now();
const model = fitRouterModel(
  data,
  data.items.map((_, index) => index),
  config,
);
const fitSeconds = (performance.now() - phase) / 1000;
const finalScores = data.rows.map((row) => predictLogistic(model, row));
const calibration = buildQualityCalibration(outcomesOf(unseen));
const margin = scoreMargin(finalScores, unseen);

const summary = (rows: typeof unseenResults) =>
  Object.fromEntries(
    rows.map((row) => [
      row.name,
      {
        apgr: round(row.router.apgr),
        cpt50: round(row.router.cpt50),
        cpt80: round(row.router.cpt80),
        strongShareAt95: round(row.router.strongShareAt95),
      },
    ]),
  );
const artifact: PromptRouterArtifact = parsePromptRouterArtifact({
  format: 'tokenwise-prompt-router/1',
  encoder:
    data.encoder && config.encoderWindowCharacters !== null
      ? { ...data.encoder, windowCharacters: config.encoderWindowCharacters }
      : null,
  textFeatureNames,
  model: {
    kind: 'logistic-regression',
    means: model.means.map(round),
    scales: model.scales.map(round),
    weights: model.weights.map(round),
    bias: round(model.bias),
  },
  calibration: {
    ...calibration,
    description: `${calibration.description} Measured leave-one-benchmark-out (each benchmark scored by a model fitted on the other two).`,
    points: calibration.points.map((point) => ({
      ...point,
      threshold: point.threshold === null ? null : round(point.threshold),
      strongShare: round(point.strongShare),
    })),
    uncertainty: {
      logitMargin: round(margin),
      description:
        "Median change of a prompt's score (in logits) between the final model and the model that never saw its benchmark: scores this close below a threshold are unsure.",
    },
  },
  training: {
    command: 'npm run router:train',
    data: `RouteLLM evaluation data (MT-Bench per turn, GSM8K, MMLU), strong ${strongModel}, weak ${weakModel}, contaminated prompts dropped; MMLU subjects where the strong model scores below chance left out of training`,
    prompts: Object.fromEntries(
      benchmarkNames.map((name) => [name, data.items.filter((item) => item.benchmark === name).length]),
    ),
    labels: `GSM8K/MMLU: 1 when only the strong model is right; MT-Bench: judge-score gap / ${config.mtBenchFullGap}, clipped to 0..1`,
    model:
      'logistic regression on the text features, each weight held to its prior direction, blended with a length prior (docs/decisions/027)',
    benchmarkWeightShares: config.benchmarkWeightShares,
    logistic: config.logistic,
    lengthPriorWeight: config.lengthPriorWeight,
    perBenchmarkCentring: config.perBenchmarkCentring,
    leaveOneBenchmarkOut: summary(unseenResults),
    crossValidation: { folds: config.folds, seed: config.seed, grouping: 'MT-Bench question; identical prompt texts' },
    outOfFold: summary(outOfFoldResults),
  },
});

await mkdir(path.dirname(defaultPromptRouterArtifactPath), { recursive: true });
const json = `${JSON.stringify(artifact, null, 1)}\n`;
await writeFile(defaultPromptRouterArtifactPath, json);

console.log(
  `leave-one-benchmark-out and ${config.folds}-fold cross-validation ${evaluationSeconds.toFixed(1)} s, final fit ${fitSeconds.toFixed(1)} s`,
);
for (const row of unseenResults)
  console.log(
    `  benchmark unseen, ${row.name}: APGR ${row.router.apgr.toFixed(3)}, strong calls at 95% quality ${(row.router.strongShareAt95 * 100).toFixed(1)}%`,
  );
for (const row of outOfFoldResults)
  console.log(
    `  out-of-fold, ${row.name}: APGR ${row.router.apgr.toFixed(3)}, strong calls at 95% quality ${(row.router.strongShareAt95 * 100).toFixed(1)}%`,
  );
const at95 = calibration.points.find((point) => point.qualityTarget === 0.95)!;
console.log(
  `calibration: 95% of strong quality (benchmarks pooled, unseen) -> threshold ${at95.threshold}, ${(at95.strongShare * 100).toFixed(1)}% strong calls; margin of error ${margin.toFixed(3)} logits`,
);
// What the unsure band costs and buys, on the pooled unseen scores.
const pooled = pooledEvaluationSet(data.items, unseen).outcomes;
const routeAt = (threshold: number) => {
  const total = pooled.reduce((sum, outcome) => sum + outcome.weight!, 0);
  const strong = pooled.filter((outcome) => outcome.score >= threshold);
  const share = strong.reduce((sum, outcome) => sum + outcome.weight!, 0) / total;
  const quality =
    pooled.reduce(
      (sum, outcome) =>
        sum + outcome.weight! * (outcome.score >= threshold ? outcome.strongQuality : outcome.weakQuality),
      0,
    ) / total;
  return `${(share * 100).toFixed(1)}% strong calls, ${(quality * 100).toFixed(1)}% of the strong model's quality`;
};
for (const target of [0.9, 0.95, 0.975]) {
  const threshold = thresholdForQualityTarget(artifact.calibration, target);
  console.log(
    `  target ${target}: threshold ${threshold.toFixed(3)} -> ${routeAt(threshold)}; with unsure prompts escalated (from ${unsureFloor(artifact.calibration, threshold).toFixed(3)}) -> ${routeAt(unsureFloor(artifact.calibration, threshold))}`,
  );
}
console.log(
  `wrote ${path.relative(process.cwd(), defaultPromptRouterArtifactPath)} (${(Buffer.byteLength(json) / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
