/**
 * `npm run router:eval`: the learned router next to the random router and the per-prompt oracle,
 * two ways. Leave-one-benchmark-out (the figure the router is chosen by): each benchmark scored by
 * a model fitted on the other two only, the closest these data get to unseen traffic, plus the
 * three pooled. Out-of-fold (in-distribution): 5 folds, fixed seed, both turns of an MT-Bench
 * question in one fold; `--seeds N` repeats it with N fold splits.
 */
import { parseArgs } from 'node:util';
import { assignGroupedFolds } from '../../src/gateway/routing/training/grouped-folds';
import {
  evaluateSet,
  evaluationSets,
  formatEvaluationTable,
  pooledEvaluationSet,
  type EvaluationRow,
} from './benchmark-report';
import { crossValidatedScores, scoreWith } from './cross-validation';
import { fitRouterModel } from './fit-router-model';
import { leaveOneBenchmarkOutScores } from './leave-one-benchmark-out';
import { routerTrainingConfig as config } from './training-config';
import { prepareTrainingData } from './training-data';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '1' } } });
const seedCount = Math.max(1, Number.parseInt(values.seeds, 10) || 1);
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const data = await prepareTrainingData(config);
const fit = (training: readonly number[]) => fitRouterModel(data, training, config);

let phase = performance.now();
const unseen = leaveOneBenchmarkOutScores(data.items, scoreWith(data, fit));
const unseenRows = [...evaluationSets(data.items, unseen), pooledEvaluationSet(data.items, unseen)].map(evaluateSet);
process.stderr.write(`leave-one-benchmark-out ${seconds(phase)}\n`);
console.log('# Learned router, leave-one-benchmark-out (each benchmark scored by a model fitted on the other two)\n');
console.log(formatEvaluationTable(unseenRows, 'learned (benchmark unseen)'));
const [turn, , gsm8k, mmlu] = unseenRows.map((row) => row.router.apgr);
console.log(`\nWorst of the three (MT-Bench per turn, GSM8K, MMLU): APGR ${Math.min(turn!, gsm8k!, mmlu!).toFixed(3)}`);

phase = performance.now();
const outOfFold = crossValidatedScores(data, data.folds, config.folds, fit);
const rows = evaluationSets(data.items, outOfFold).map(evaluateSet);
process.stderr.write(`cross-validation ${seconds(phase)}\n`);
console.log(
  `\n# Learned router, out-of-fold (${config.folds}-fold cross-validation, seed ${config.seed}; in-distribution)\n`,
);
console.log(formatEvaluationTable(rows));
console.log(
  '\nStrong calls at 95%: smallest share of prompts sent to the strong model that reaches 95% of its quality alone.' +
    '\nCost saving at 95%: 1 - that share, against sending everything to the strong model, counting a weak call as free;' +
    '\nwith a weak call costing r of a strong one it is (1 - share) x (1 - r).' +
    '\nAnchor (RouteLLM, arXiv 2406.18665): 95% of GPT-4 quality on MT-Bench with about 26% of calls to GPT-4, routers trained on Chatbot Arena data.',
);

if (seedCount > 1) {
  const runs: EvaluationRow[][] = [rows];
  for (let extra = 1; extra < seedCount; extra += 1) {
    phase = performance.now();
    const folds = assignGroupedFolds(
      data.items.map((item) => ({ group: item.group, stratum: item.benchmark })),
      config.folds,
      config.seed + extra,
    );
    runs.push(evaluationSets(data.items, crossValidatedScores(data, folds, config.folds, fit)).map(evaluateSet));
    process.stderr.write(`cross-validation with seed ${config.seed + extra} ${seconds(phase)}\n`);
  }
  console.log(
    `\n## Out-of-fold spread over ${seedCount} fold splits (seeds ${config.seed}..${config.seed + seedCount - 1}): mean (min-max)\n`,
  );
  console.log('| data set | APGR | CPT(50%) | CPT(80%) | strong calls at 95% |');
  console.log('|---|---|---|---|---|');
  rows.forEach((row, index) => {
    const cell = (pick: (row: EvaluationRow) => number, format: (value: number) => string) => {
      const values = runs.map((run) => pick(run[index]!));
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      return `${format(mean)} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
    };
    console.log(
      `| ${row.name} | ${cell(
        (run) => run.router.apgr,
        (value) => value.toFixed(3),
      )} | ${cell((run) => run.router.cpt50, percent)} | ${cell((run) => run.router.cpt80, percent)} | ${cell((run) => run.router.strongShareAt95, percent)} |`,
    );
  });
}
