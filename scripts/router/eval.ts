/**
 * `npm run router:eval`: out-of-fold evaluation of the learned router on MT-Bench, GSM8K and
 * MMLU, next to the random router and the per-prompt oracle. Each prompt is scored by a model
 * fitted on the other folds only (5 folds, fixed seed, both turns of an MT-Bench question in one
 * fold). Also scores MT-Bench with a model that never saw MT-Bench (trained on GSM8K and MMLU),
 * the setting closest to RouteLLM's. `--seeds N` repeats the cross-validation with N fold splits.
 */
import { parseArgs } from 'node:util';
import { predictLogistic, trainLogisticRegression } from '../../src/gateway/routing/training/logistic-regression';
import { assignGroupedFolds } from '../../src/gateway/routing/training/grouped-folds';
import { evaluateSet, evaluationSets, formatEvaluationTable, type EvaluationRow } from './benchmark-report';
import { crossValidatedScores } from './cross-validation';
import { routerTrainingConfig as config } from './training-config';
import { prepareTrainingData } from './training-data';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '1' } } });
const seedCount = Math.max(1, Number.parseInt(values.seeds, 10) || 1);
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const data = await prepareTrainingData(config);
let phase = performance.now();
const outOfFold = crossValidatedScores(data, data.folds, config.folds, config.logistic);
const rows = evaluationSets(data.items, outOfFold).map(evaluateSet);
process.stderr.write(`cross-validation ${seconds(phase)}\n`);

console.log(`# Learned router, out-of-fold (${config.folds}-fold cross-validation, seed ${config.seed})\n`);
console.log(formatEvaluationTable(rows));
console.log(
  '\nStrong calls at 95%: smallest share of prompts sent to the strong model that reaches 95% of its quality alone.' +
    '\nCost saving at 95%: 1 - that share, against sending everything to the strong model, counting a weak call as free;' +
    '\nwith a weak call costing r of a strong one it is (1 - share) x (1 - r).' +
    '\nAnchor (RouteLLM, arXiv 2406.18665): 95% of GPT-4 quality on MT-Bench with about 26% of calls to GPT-4, routers trained on Chatbot Arena data.',
);

// MT-Bench scored by a router that never saw MT-Bench.
phase = performance.now();
const isMtBench = data.items.map((item) => item.benchmark === 'mt-bench');
const others = data.items.flatMap((_, index) => (isMtBench[index] ? [] : [index]));
const transferModel = trainLogisticRegression(
  { rows: others.map((index) => data.rows[index]!), labels: others.map((index) => data.labels[index]!), weights: others.map((index) => data.weights[index]!) },
  config.logistic,
);
const transferScores = data.rows.map((row) => predictLogistic(transferModel, row));
const transferRows = evaluationSets(data.items, transferScores)
  .filter((set) => set.name.startsWith('MT-Bench'))
  .map(evaluateSet);
process.stderr.write(`transfer fit ${seconds(phase)}\n`);
console.log('\n## MT-Bench scored by a router trained on GSM8K and MMLU only (never saw MT-Bench)\n');
console.log(formatEvaluationTable(transferRows, 'learned (GSM8K + MMLU only)'));

if (seedCount > 1) {
  const runs: EvaluationRow[][] = [rows];
  for (let extra = 1; extra < seedCount; extra += 1) {
    phase = performance.now();
    const folds = assignGroupedFolds(data.items.map((item) => ({ group: item.group, stratum: item.benchmark })), config.folds, config.seed + extra);
    runs.push(evaluationSets(data.items, crossValidatedScores(data, folds, config.folds, config.logistic)).map(evaluateSet));
    process.stderr.write(`cross-validation with seed ${config.seed + extra} ${seconds(phase)}\n`);
  }
  console.log(`\n## Spread over ${seedCount} fold splits (seeds ${config.seed}..${config.seed + seedCount - 1}): mean (min-max)\n`);
  console.log('| data set | APGR | CPT(50%) | CPT(80%) | strong calls at 95% |');
  console.log('|---|---|---|---|---|');
  rows.forEach((row, index) => {
    const cell = (pick: (row: EvaluationRow) => number, format: (value: number) => string) => {
      const values = runs.map((run) => pick(run[index]!));
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      return `${format(mean)} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
    };
    console.log(
      `| ${row.name} | ${cell((run) => run.router.apgr, (value) => value.toFixed(3))} | ${cell((run) => run.router.cpt50, percent)} | ${cell((run) => run.router.cpt80, percent)} | ${cell((run) => run.router.strongShareAt95, percent)} |`,
    );
  });
}
