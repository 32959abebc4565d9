/**
 * `npm run router:train`: trains the learned prompt router from ../shared/data/router (or
 * TOKENWISE_DATA_DIR) and writes src/gateway/routing/artifacts/prompt-router.json, which is
 * committed and loaded at start. Deterministic: the same data and code give the same file.
 * Embeddings are cached under .tmp/router-embeddings; delete it to train from scratch.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultPromptRouterArtifactPath, parsePromptRouterArtifact, type PromptRouterArtifact } from '../../src/gateway/routing/router-artifact';
import { textFeatureNames } from '../../src/gateway/routing/text-features';
import { buildQualityCalibration } from '../../src/gateway/routing/training/build-quality-calibration';
import { trainLogisticRegression } from '../../src/gateway/routing/training/logistic-regression';
import { evaluateSet, evaluationSets } from './benchmark-report';
import { crossValidatedScores } from './cross-validation';
import { benchmarkNames, strongModel, weakModel } from './routellm-data';
import { routerTrainingConfig as config } from './training-config';
import { prepareTrainingData } from './training-data';

const round = (value: number): number => Number(value.toPrecision(6));
const started = performance.now();

const data = await prepareTrainingData(config);
console.log(`data: ${data.items.length} prompts (${benchmarkNames.map((name) => `${name} ${data.items.filter((item) => item.benchmark === name).length}`).join(', ')}), contaminated prompts dropped`);
console.log(`loaded in ${data.seconds.load.toFixed(1)} s, embedded in ${data.seconds.embed.toFixed(1)} s`);

let phase = performance.now();
const outOfFold = crossValidatedScores(data, data.folds, config.folds, config.logistic);
const crossValidationSeconds = (performance.now() - phase) / 1000;
const benchmarkOutcomes = benchmarkNames.map((name) =>
  data.items.flatMap((item, index) => (item.benchmark === name ? [{ score: outOfFold[index]!, strongQuality: item.strongQuality, weakQuality: item.weakQuality }] : [])),
);
const calibration = buildQualityCalibration(benchmarkOutcomes);
const outOfFoldResults = evaluationSets(data.items, outOfFold).map(evaluateSet);

phase = performance.now();
const model = trainLogisticRegression(data, config.logistic);
const fitSeconds = (performance.now() - phase) / 1000;

const artifact: PromptRouterArtifact = parsePromptRouterArtifact({
  format: 'tokenwise-prompt-router/1',
  encoder: { ...data.encoder, windowCharacters: config.encoderWindowCharacters },
  textFeatureNames,
  model: { kind: 'logistic-regression', means: model.means.map(round), scales: model.scales.map(round), weights: model.weights.map(round), bias: round(model.bias) },
  calibration: {
    ...calibration,
    points: calibration.points.map((point) => ({ ...point, threshold: point.threshold === null ? null : round(point.threshold), strongShare: round(point.strongShare) })),
  },
  training: {
    command: 'npm run router:train',
    data: `RouteLLM evaluation data (MT-Bench per turn, GSM8K, MMLU), strong ${strongModel}, weak ${weakModel}, contaminated prompts dropped`,
    prompts: Object.fromEntries(benchmarkNames.map((name) => [name, data.items.filter((item) => item.benchmark === name).length])),
    labels: `GSM8K/MMLU: 1 when only the strong model is right; MT-Bench: judge-score gap / ${config.mtBenchFullGap}, clipped to 0..1`,
    benchmarkWeightShares: config.benchmarkWeightShares,
    logistic: config.logistic,
    crossValidation: { folds: config.folds, seed: config.seed, grouping: 'MT-Bench question; identical prompt texts' },
    outOfFold: Object.fromEntries(
      outOfFoldResults.map((row) => [row.name, { apgr: round(row.router.apgr), cpt50: round(row.router.cpt50), cpt80: round(row.router.cpt80), strongShareAt95: round(row.router.strongShareAt95) }]),
    ),
  },
});

await mkdir(path.dirname(defaultPromptRouterArtifactPath), { recursive: true });
const json = `${JSON.stringify(artifact, null, 1)}\n`;
await writeFile(defaultPromptRouterArtifactPath, json);

console.log(`cross-validation (${config.folds} folds) ${crossValidationSeconds.toFixed(1)} s, final fit ${fitSeconds.toFixed(1)} s`);
for (const row of outOfFoldResults)
  console.log(`  out-of-fold ${row.name}: APGR ${row.router.apgr.toFixed(3)}, strong calls at 95% quality ${(row.router.strongShareAt95 * 100).toFixed(1)}%`);
const at95 = calibration.points.find((point) => point.qualityTarget === 0.95)!;
console.log(`calibration: 95% of strong quality (benchmarks pooled) -> threshold ${at95.threshold}, ${(at95.strongShare * 100).toFixed(1)}% strong calls`);
console.log(`wrote ${path.relative(process.cwd(), defaultPromptRouterArtifactPath)} (${(Buffer.byteLength(json) / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
