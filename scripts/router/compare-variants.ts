/**
 * Development tool behind docs/benchmarks/router.md "What was tried": scores variants of the
 * router leave-one-benchmark-out (fit on two benchmarks, score the third), one table row each,
 * each changing one thing from the chosen settings (training-config.ts).
 * `node --import tsx scripts/router/compare-variants.ts [--only SUBSTRING]... [--skip SUBSTRING]... [--cv]`
 * Variants with the embedding need the encoder (a few minutes the first time, then cached).
 */
import { parseArgs } from 'node:util';
import { predictLogistic } from '../../src/gateway/routing/training/logistic-regression';
import { principalComponents, project } from '../../src/gateway/routing/training/principal-components';
import { textFeatureDirections, textFeatureNames } from '../../src/gateway/routing/text-features';
import { evaluateSet, evaluationSets, pooledEvaluationSet } from './benchmark-report';
import { candidateFeatures, type CandidateFeatureName } from './candidate-features';
import { fitRouterModel, type FeatureLayout, type FitSettings } from './fit-router-model';
import { leaveOneBenchmarkOutScores } from './leave-one-benchmark-out';
import { routerTrainingConfig as chosen, type RouterTrainingConfig } from './training-config';
import { prepareTrainingData, type TrainingData } from './training-data';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    skip: { type: 'string', multiple: true },
    cv: { type: 'boolean', default: false },
  },
});

interface Variant {
  name: string;
  settings?: Partial<FitSettings>;
  data?: Partial<Pick<RouterTrainingConfig, 'dropBelowChanceSubjects' | 'mtBenchFullGap' | 'benchmarkWeightShares'>>;
  /** Read the 64-character encoder window too: all 512 dimensions, or its first principal components. */
  embedding?: 'full' | number;
  /** Committed text features left out, and candidate features (candidate-features.ts) added. */
  dropFeatures?: (typeof textFeatureNames)[number][];
  addFeatures?: CandidateFeatureName[];
  objective?: 'pairwise';
  /** GSM8K/MMLU labelled (strong - weak + 1) / 2: 0.5 when both models agree, 0 when only the weak one is right. */
  gainLabels?: boolean;
}

const l2 = (value: number) => ({ logistic: { ...chosen.logistic, l2: value } });
const added = ['commas', 'numberWords', 'quantityRelations'] as const;
const variants: Variant[] = [
  { name: 'chosen' },
  { name: 'without the three quantity features (the router before)', dropFeatures: [...added] },
  ...added.map((name) => ({ name: `without ${name}`, dropFeatures: [name] })),
  ...(Object.keys(candidateFeatures) as CandidateFeatureName[]).map((name) => ({
    name: `+ ${name}`,
    addFeatures: [name],
  })),
  { name: 'pairwise ranking within each benchmark', objective: 'pairwise' },
  { name: 'pairwise ranking, length prior 1', objective: 'pairwise', settings: { lengthPriorWeight: 1 } },
  { name: 'GSM8K/MMLU labels from the gain (3 levels)', gainLabels: true },
  { name: 'gain labels, per-benchmark centring', gainLabels: true, settings: { perBenchmarkCentring: true } },
  { name: 'weights free (no prior directions)', settings: { directedFeatures: false } },
  { name: 'per-benchmark centring and intercepts', settings: { perBenchmarkCentring: true } },
  ...[0, 0.5, 1, 1.25, 1.5, 2].map((weight) => ({
    name: `length prior ${weight}`,
    settings: { lengthPriorWeight: weight },
  })),
  ...[0.003, 0.3, 1, 3].map((value) => ({ name: `L2 ${value}`, settings: l2(value) })),
  { name: 'below-chance MMLU subjects kept', data: { dropBelowChanceSubjects: false } },
  { name: 'MT-Bench full label at a gap of 5', data: { mtBenchFullGap: 5 } },
  {
    name: 'benchmarks weighted equally',
    data: { benchmarkWeightShares: { 'mt-bench': 1 / 3, gsm8k: 1 / 3, mmlu: 1 / 3 } },
  },
  { name: 'embedding (512) + text features', embedding: 'full' },
  { name: 'embedding (512) + text features, length prior 0', embedding: 'full', settings: { lengthPriorWeight: 0 } },
  ...[8, 32].map((components) => ({ name: `embedding PCA ${components} + text features`, embedding: components })),
];

const datasets = new Map<string, TrainingData>();
async function datasetFor(variant: Variant): Promise<TrainingData> {
  const config = { ...chosen, ...variant.data, encoderWindowCharacters: variant.embedding === undefined ? null : 64 };
  const key = JSON.stringify([variant.data, config.encoderWindowCharacters]);
  if (!datasets.has(key)) datasets.set(key, await prepareTrainingData(config));
  return datasets.get(key)!;
}

/** The variant's columns: committed text features left out, candidates appended. */
function withFeatures(data: TrainingData, variant: Variant): { data: TrainingData; layout: FeatureLayout } {
  const keep = textFeatureNames.flatMap((name, column) => (variant.dropFeatures?.includes(name) ? [] : [column]));
  const extra = (variant.addFeatures ?? []).map((name) => candidateFeatures[name]);
  const width = data.embeddingDimensions;
  const rows = data.rows.map((row, index) =>
    Float64Array.from([
      ...row.subarray(0, width),
      ...keep.map((column) => row[width + column]!),
      ...extra.map((feature) => feature.value(data.items[index]!.text)),
    ]),
  );
  const labels = variant.gainLabels
    ? data.items.map((item, index) =>
        item.benchmark === 'mt-bench' ? data.labels[index]! : (item.strongQuality - item.weakQuality + 1) / 2,
      )
    : data.labels;
  const directions = [
    ...keep.map((column) => textFeatureDirections[column]!),
    ...extra.map((feature) => feature.direction),
  ];
  return {
    data: { ...data, rows, labels },
    layout: { directions, lengthColumn: keep.indexOf(textFeatureNames.indexOf('characters')) },
  };
}

/** Fits on `training` and scores `test`; PCA is fitted on the training rows only. */
function fitAndScore(
  data: TrainingData,
  layout: FeatureLayout,
  variant: Variant,
  training: readonly number[],
  test: readonly number[],
): number[] {
  const settings = { ...chosen, ...variant.settings };
  let fitted = data;
  if (typeof variant.embedding === 'number') {
    const dimensions = data.embeddingDimensions;
    const usable = training.filter((index) => data.trainable[index]);
    const projection = principalComponents(
      usable.map((index) => data.rows[index]!.subarray(0, dimensions)),
      usable.map((index) => data.weights[index]!),
      variant.embedding,
    );
    const rows = data.rows.map((row) =>
      Float64Array.from([...project(projection, row.subarray(0, dimensions)), ...row.subarray(dimensions)]),
    );
    fitted = { ...data, rows, embeddingDimensions: variant.embedding };
  }
  const model = fitRouterModel(fitted, training, settings, { layout, objective: variant.objective });
  return test.map((index) => predictLogistic(model, fitted.rows[index]!));
}

const cell = (value: number) => value.toFixed(3);
const share = (value: number) => `${(value * 100).toFixed(0)}%`;
console.log(
  '| variant | MT-Bench per turn | per question | GSM8K | MMLU | worst of three | pooled |' +
    (values.cv ? ' out-of-fold MT-Bench turn / question / GSM8K / MMLU |' : ''),
);
console.log(`|---|---|---|---|---|---|---|${values.cv ? '---|' : ''}`);
for (const variant of variants) {
  if (values.only && !values.only.some((part) => variant.name.includes(part))) continue;
  if (values.skip?.some((part) => variant.name.includes(part))) continue;
  const started = performance.now();
  const { data, layout } = withFeatures(await datasetFor(variant), variant);
  const scores = leaveOneBenchmarkOutScores(data.items, (training, test) =>
    fitAndScore(data, layout, variant, training, test),
  );
  const [turn, question, gsm8k, mmlu] = evaluationSets(data.items, scores).map((set) => evaluateSet(set).router);
  const pooled = evaluateSet(pooledEvaluationSet(data.items, scores)).router;
  let line = `| ${variant.name} | ${cell(turn!.apgr)} / ${share(turn!.strongShareAt95)} | ${cell(question!.apgr)} | ${cell(gsm8k!.apgr)} / ${share(gsm8k!.strongShareAt95)} | ${cell(mmlu!.apgr)} / ${share(mmlu!.strongShareAt95)} | **${cell(Math.min(turn!.apgr, gsm8k!.apgr, mmlu!.apgr))}** | ${cell(pooled.apgr)} / ${share(pooled.strongShareAt95)} |`;
  if (values.cv) {
    const outOfFold = new Array<number>(data.items.length);
    for (let fold = 0; fold < chosen.folds; fold += 1) {
      const test = data.folds.flatMap((value, index) => (value === fold ? [index] : []));
      const training = data.folds.flatMap((value, index) => (value === fold ? [] : [index]));
      fitAndScore(data, layout, variant, training, test).forEach((score, position) => {
        outOfFold[test[position]!] = score;
      });
    }
    line += ` ${evaluationSets(data.items, outOfFold)
      .map((set) => cell(evaluateSet(set).router.apgr))
      .join(' / ')} |`;
  }
  console.log(line);
  process.stderr.write(`${variant.name}: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
