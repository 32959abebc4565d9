/**
 * Development tool behind docs/benchmarks/router.md "What was tried": scores feature sets, models
 * and labels leave-one-benchmark-out (fit on two benchmarks, score the third) and prints one line
 * per variant. `node --import tsx scripts/router/compare-variants.ts [--only SUBSTRING] [--cv]`.
 */
import { parseArgs } from 'node:util';
import { textFeatureNames } from '../../src/gateway/routing/text-features';
import { predictLogistic, trainLogisticRegression } from '../../src/gateway/routing/training/logistic-regression';
import { principalComponents, project } from '../../src/gateway/routing/training/principal-components';
import { evaluateSet, evaluationSets, pooledEvaluationSet } from './benchmark-report';
import { candidateFeatureNames, extractCandidateFeatures } from './candidate-features';
import { leaveOneBenchmarkOutScores } from './leave-one-benchmark-out';
import { benchmarkNames } from './routellm-data';
import { routerTrainingConfig as config } from './training-config';
import { prepareTrainingData } from './training-data';

const { values } = parseArgs({ options: { only: { type: 'string', multiple: true }, cv: { type: 'boolean', default: false } } });
const data = await prepareTrainingData(config);
const { items } = data;
const dimensions = data.encoder.dimensions;
const embeddings = data.rows.map((row) => row.subarray(0, dimensions));
const baseFeatures = data.rows.map((row) => Array.from(row.subarray(dimensions)));
const candidates = items.map((item) => extractCandidateFeatures(item.text));
const stratumOf = items.map((item) => benchmarkNames.indexOf(item.benchmark));

const onlyStrong = data.labels;
const gainLabels = items.map((item) => {
  const gain = item.strongQuality - item.weakQuality;
  return item.benchmark === 'mt-bench' ? Math.min(1, Math.max(0, 0.5 + gain / 6)) : (gain + 1) / 2;
});
// MMLU subjects where the strong model scores below chance (4 options) were graded wrongly, not answered wrongly.
const subjectOf = (index: number) => items[index]!.id.split(':').slice(0, 2).join(':');
const subjectStrong = new Map<string, { sum: number; count: number }>();
items.forEach((item, index) => {
  if (item.benchmark !== 'mmlu') return;
  const entry = subjectStrong.get(subjectOf(index)) ?? { sum: 0, count: 0 };
  subjectStrong.set(subjectOf(index), { sum: entry.sum + item.strongQuality, count: entry.count + 1 });
});
const belowChance = new Set([...subjectStrong].filter(([, { sum, count }]) => sum / count < 0.25).map(([subject]) => subject));
process.stderr.write(`MMLU subjects where the strong model is below chance: ${[...belowChance].join(', ')}\n`);

type RowBuilder = (training: readonly number[]) => (index: number) => number[];
interface Variant {
  name: string;
  rows: RowBuilder;
  labels?: readonly number[];
  strata?: boolean;
  l2?: number;
  signs?: (width: number) => number[];
  clean?: boolean;
  shares?: Record<string, number>;
  /** Adds this many standard deviations of log(characters) to the model's standardised logit. */
  blendLength?: number;
}

const pick = (names: readonly string[], drop: readonly string[] = []) => {
  const kept = names.flatMap((name, column) => (drop.includes(name) ? [] : [column]));
  return (values: readonly number[]) => kept.map((column) => values[column]!);
};
const formatTells = ['multipleChoice', 'answerCue'];
const base = pick(textFeatureNames);
const baseNoTells = pick(textFeatureNames, formatTells);
const text = (index: number) => baseNoTells(baseFeatures[index]!);
const textPlus = (index: number) => [...baseNoTells(baseFeatures[index]!), ...candidates[index]!];

const withPca = (k: number, features: (index: number) => number[]): RowBuilder => (training) => {
  const projection = principalComponents(
    training.map((index) => embeddings[index]!),
    training.map((index) => data.weights[index]!),
    k,
  );
  return (index) => [...project(projection, embeddings[index]!), ...features(index)];
};

function fitAndScore(variant: Variant, training: number[], test: number[]): number[] {
  const usable = variant.clean ? training.filter((index) => !belowChance.has(subjectOf(index))) : training;
  const build = variant.rows(usable);
  const rows = usable.map(build);
  const labels = variant.labels ?? onlyStrong;
  const weights = usable.map((index) => (variant.shares ? variant.shares[items[index]!.benchmark]! / countOf(items[index]!.benchmark) : data.weights[index]!));
  const model = trainLogisticRegression(
    { rows, labels: usable.map((index) => labels[index]!), weights, strata: variant.strata ? remapStrata(usable) : undefined },
    { ...config.logistic, l2: variant.l2 ?? config.logistic.l2, signs: variant.signs?.(rows[0]!.length) },
  );
  const logits = test.map((index) => Math.log(predictLogistic(model, build(index))) - Math.log(1 - predictLogistic(model, build(index))));
  if (!variant.blendLength) return logits;
  const trainLogits = usable.map((index) => { const p = predictLogistic(model, build(index)); return Math.log(p / (1 - p)); });
  const spread = standardDeviation(trainLogits) || 1;
  const lengths = usable.map((index) => logCharacters(index));
  const [lengthMean, lengthSpread] = [lengths.reduce((a, b) => a + b, 0) / lengths.length, standardDeviation(lengths) || 1];
  return test.map((index, position) => logits[position]! / spread + (variant.blendLength! * (logCharacters(index) - lengthMean)) / lengthSpread);
}
const logCharacters = (index: number) => baseFeatures[index]![textFeatureNames.indexOf('characters')]!;
function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}
const countOf = (benchmark: string) => items.filter((item) => item.benchmark === benchmark).length;
function remapStrata(indices: readonly number[]): number[] {
  const present = [...new Set(indices.map((index) => stratumOf[index]!))].sort();
  return indices.map((index) => present.indexOf(stratumOf[index]!));
}

const cell = (value: number) => value.toFixed(3);
function summarise(variant: Variant): void {
  const started = performance.now();
  const scores = leaveOneBenchmarkOutScores(items, (training, test) => fitAndScore(variant, training, test));
  const rows = evaluationSets(items, scores).map(evaluateSet);
  const pooled = evaluateSet(pooledEvaluationSet(items, scores));
  const [turn, question, gsm8k, mmlu] = rows.map((row) => row.router);
  let line = `| ${variant.name} | ${cell(turn!.apgr)} / ${(turn!.strongShareAt95 * 100).toFixed(0)}% | ${cell(question!.apgr)} | ${cell(gsm8k!.apgr)} / ${(gsm8k!.strongShareAt95 * 100).toFixed(0)}% | ${cell(mmlu!.apgr)} / ${(mmlu!.strongShareAt95 * 100).toFixed(0)}% | **${cell(Math.min(turn!.apgr, gsm8k!.apgr, mmlu!.apgr))}** | ${cell(pooled.router.apgr)} |`;
  if (values.cv) {
    const scoresCv = new Array<number>(items.length);
    for (let fold = 0; fold < config.folds; fold += 1) {
      const training = data.folds.flatMap((value, index) => (value === fold ? [] : [index]));
      const test = data.folds.flatMap((value, index) => (value === fold ? [index] : []));
      fitAndScore(variant, training, test).forEach((score, position) => (scoresCv[test[position]!] = score));
    }
    const cvRows = evaluationSets(items, scoresCv).map(evaluateSet);
    line += ` ${cvRows.map((row) => cell(row.router.apgr)).join(' / ')} |`;
  }
  console.log(`${line} ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const full: RowBuilder = () => (index) => [...embeddings[index]!, ...base(baseFeatures[index]!)];
const allNames = [...textFeatureNames, ...candidateFeatureNames];
const allFeatures = (index: number) => [...baseFeatures[index]!, ...candidates[index]!];
/** A prior on the direction of each cue, from what makes a prompt hard in general (not from these data). */
const directions: Record<string, number> = {
  characters: 1, words: 1, sentences: 1, stepCues: 1, conditionals: 1, wordsPerSentence: 1,
  mathSymbols: 1, equation: 1, latex: 1, mathWords: 1, numbers: 1, distinctNumbers: 1,
  codeFence: 1, codeTokens: 1, programmingWords: 1, identifiers: 1,
  reasoningWords: 1, constraintWords: 1, enumeratedParts: 1, structuredOutput: 1, longAnswerCue: 1, refersToEarlierTurn: 1,
  creativeWords: -1, rolePlay: -1, chitChat: -1, lookupQuestion: -1, quotedMaterial: -1, longWordShare: -1,
};
const signed = (names: readonly string[]) => {
  const columns = names.map((name) => allNames.indexOf(name));
  return { rows: (() => (index: number) => columns.map((column) => allFeatures(index)[column]!)) as RowBuilder, signs: () => names.map((name) => directions[name] ?? 0) };
};
const directed = Object.keys(directions);
const lengthCues = ['characters', 'words', 'sentences', 'stepCues', 'conditionals', 'wordsPerSentence'];
/** Topic cues as presence flags: constant across a homogeneous benchmark, so they only move prompts between kinds of task. */
const flagged = (names: readonly string[], continuous: readonly string[]) => {
  const columns = names.map((name) => allNames.indexOf(name));
  return {
    rows: (() => (index: number) => columns.map((column, position) => (continuous.includes(names[position]!) ? allFeatures(index)[column]! : allFeatures(index)[column]! > 0 ? 1 : 0))) as RowBuilder,
    signs: () => names.map((name) => directions[name] ?? 0),
  };
};
const directedNoLongWords = directed.filter((name) => name !== 'longWordShare');
const lengthOnly: RowBuilder = () => (index) => [baseFeatures[index]![textFeatureNames.indexOf('characters')]!];
const variants: Variant[] = [
  { name: 'before: embedding 512 + 25 text features, L2 0.3', rows: full },
  { name: 'embedding 512 + 25 text features, L2 3', rows: full, l2: 3 },
  { name: 'embedding 512 + text, per-benchmark strata', rows: full, strata: true },
  { name: 'text features (no MC tells), L2 0.3', rows: () => text },
  { name: 'text features (no MC tells), strata', rows: () => text, strata: true },
  { name: 'text + candidates, strata', rows: () => textPlus, strata: true },
  { name: 'text + candidates, strata, clean', rows: () => textPlus, strata: true, clean: true },
  { name: 'text + candidates, strata, clean, gain labels', rows: () => textPlus, strata: true, clean: true, labels: gainLabels },
  { name: 'PCA 8 + text + candidates, strata, clean', rows: withPca(8, textPlus), strata: true, clean: true },
  { name: 'PCA 32 + text + candidates, strata, clean', rows: withPca(32, textPlus), strata: true, clean: true },
  { name: 'length only', rows: lengthOnly },
  ...[0.03, 0.3, 1].flatMap((l2) => [
    { name: `directed cues, signs, strata, clean, L2 ${l2}`, ...signed(directed), strata: true, clean: true, l2 },
    { name: `directed cues w/o longWordShare, signs, strata, clean, L2 ${l2}`, ...signed(directedNoLongWords), strata: true, clean: true, l2 },
  ]),
  ...[0.03, 0.3].flatMap((l2) => [
    { name: `flags + length cues, signs, strata, clean, L2 ${l2}`, ...flagged(directed, [...lengthCues, 'longWordShare']), strata: true, clean: true, l2 },
    { name: `flags + length cues, signs, no strata, clean, L2 ${l2}`, ...flagged(directed, [...lengthCues, 'longWordShare']), clean: true, l2 },
    { name: `flags w/o longWordShare + length cues, signs, strata, clean, L2 ${l2}`, ...flagged(directedNoLongWords, lengthCues), strata: true, clean: true, l2 },
  ]),
  ...[0.5, 1, 2].map((beta) => ({ name: `blend ${beta} length + directed cues, signs, strata, clean, L2 0.3`, ...signed(directed), strata: true, clean: true, blendLength: beta })),
  ...[0.5, 1, 2].map((beta) => ({ name: `blend ${beta} length + flags + length cues, signs, no strata, clean, L2 0.3`, ...flagged(directed, [...lengthCues, 'longWordShare']), clean: true, blendLength: beta })),
  ...[4, 8, 16].flatMap((k) => [0, 0.5].map((beta) => ({
    name: `PCA ${k} + directed cues (signs), strata, clean, blend ${beta}`,
    rows: withPca(k, signed(directed).rows([])),
    signs: () => [...new Array<number>(k).fill(0), ...signed(directed).signs()],
    strata: true, clean: true, blendLength: beta,
  }))),
  ...[0.5, 0.75].flatMap((beta) => [
    { name: `blend ${beta} length + directed cues, signs, no strata, clean`, ...signed(directed), clean: true, blendLength: beta },
    { name: `blend ${beta} length + directed cues, signs, strata, clean, equal shares`, ...signed(directed), strata: true, clean: true, blendLength: beta, shares: { 'mt-bench': 1 / 3, gsm8k: 1 / 3, mmlu: 1 / 3 } },
    { name: `blend ${beta} length + directed cues, signs, strata, clean, L2 0.03`, ...signed(directed), strata: true, clean: true, blendLength: beta, l2: 0.03 },
    { name: `blend ${beta} length + directed cues, signs, strata, not clean`, ...signed(directed), strata: true, blendLength: beta },
    { name: `blend ${beta} length + directed cues, signs, strata, clean`, ...signed(directed), strata: true, clean: true, blendLength: beta },
  ]),
  ...[0.03, 0.3, 3].flatMap((l2) => [0.5, 0.75, 1].map((beta) => ({ name: `grid: blend ${beta}, directed cues, signs, no strata, clean, L2 ${l2}`, ...signed(directed), clean: true, blendLength: beta, l2 }))),
  { name: 'directed cues, signs, no strata, clean, L2 0.3', ...signed(directed), clean: true },
  { name: 'directed cues, signs, strata, not clean, L2 0.3', ...signed(directed), strata: true },
  { name: 'directed cues, no signs, strata, clean, L2 0.3', rows: signed(directed).rows, strata: true, clean: true },
];
for (const variant of variants) if (!values.only || values.only.some((part) => variant.name.includes(part))) summarise(variant);
if (process.env.SHOW_WEIGHTS) {
  const { rows, signs } = signed(directed);
  for (const heldOut of [...benchmarkNames, 'none']) {
    const usable = items.flatMap((item, index) => (item.benchmark === heldOut || belowChance.has(subjectOf(index)) ? [] : [index]));
    const build = rows(usable);
    const model = trainLogisticRegression(
      { rows: usable.map(build), labels: usable.map((index) => onlyStrong[index]!), weights: usable.map((index) => data.weights[index]!), strata: remapStrata(usable) },
      { ...config.logistic, signs: signs() },
    );
    console.log(`without ${heldOut}: ` + directed.map((name, column) => `${name} ${model.weights[column]!.toFixed(2)}`).filter((entry) => !entry.endsWith(' 0.00')).join(', '));
  }
}
