import {
  modelQualities,
  oracleCurve,
  qualityCostCurve,
  randomCurve,
  summariseCurve,
  type RouterSummary,
  type ScoredOutcome,
} from '../../src/gateway/routing/routing-metrics';
import type { RoutingItem } from './routellm-data';

/** One evaluation set: per benchmark, plus MT-Bench the way RouteLLM scores it. */
export interface EvaluationSet {
  name: string;
  outcomes: ScoredOutcome[];
  note: string;
}

export interface EvaluationRow {
  name: string;
  prompts: number;
  weakQuality: number;
  strongQuality: number;
  router: RouterSummary;
  random: RouterSummary;
  oracle: RouterSummary;
  note: string;
}

/**
 * The sets the report scores, from out-of-fold scores (scores[i] belongs to items[i]). MT-Bench is
 * scored per turn (each turn routed on its own text) and, as RouteLLM does, per question: the
 * first turn's score routes the whole conversation and the quality is the mean of both turns.
 */
export function evaluationSets(items: readonly RoutingItem[], scores: readonly number[]): EvaluationSet[] {
  const outcome = (index: number): ScoredOutcome => ({
    score: scores[index]!,
    strongQuality: items[index]!.strongQuality,
    weakQuality: items[index]!.weakQuality,
  });
  const indicesOf = (benchmark: string) =>
    items.flatMap((item, index) => (item.benchmark === benchmark ? [index] : []));
  const mtBench = indicesOf('mt-bench');
  const perQuestion = mtBench
    .filter((index) => items[index]!.turn === 1)
    .map((index) => {
      const second = mtBench.find(
        (other) => items[other]!.questionId === items[index]!.questionId && items[other]!.turn === 2,
      )!;
      return {
        score: scores[index]!,
        strongQuality: (items[index]!.strongQuality + items[second]!.strongQuality) / 2,
        weakQuality: (items[index]!.weakQuality + items[second]!.weakQuality) / 2,
      };
    });
  return [
    {
      name: 'MT-Bench (per turn)',
      outcomes: mtBench.map(outcome),
      note: 'each turn routed on its own text (turn 2 after turn 1); judge score 1-10',
    },
    { name: 'MT-Bench (per question)', outcomes: perQuestion, note: "RouteLLM's protocol: turn 1 routes both turns" },
    { name: 'GSM8K', outcomes: indicesOf('gsm8k').map(outcome), note: 'accuracy' },
    { name: 'MMLU', outcomes: indicesOf('mmlu').map(outcome), note: 'accuracy' },
  ];
}

/**
 * The three benchmarks as one stream (MT-Bench per turn, GSM8K, MMLU), each weighing a third and
 * each quality divided by its benchmark's strong-model quality. A router whose scores mean the same
 * on every benchmark ranks them against each other too, which a mixed unseen set asks of it.
 */
export function pooledEvaluationSet(items: readonly RoutingItem[], scores: readonly number[]): EvaluationSet {
  const benchmarks = [...new Set(items.map((item) => item.benchmark))];
  const outcomes = benchmarks.flatMap((benchmark) => {
    const indices = items.flatMap((item, index) => (item.benchmark === benchmark ? [index] : []));
    const strong = indices.reduce((sum, index) => sum + items[index]!.strongQuality, 0) / indices.length;
    return indices.map((index) => ({
      score: scores[index]!,
      strongQuality: items[index]!.strongQuality / strong,
      weakQuality: items[index]!.weakQuality / strong,
      weight: 1 / indices.length,
    }));
  });
  return { name: 'Pooled (3 benchmarks weighted equally)', outcomes, note: 'quality as a share of the strong model' };
}

export function evaluateSet(set: EvaluationSet): EvaluationRow {
  const { outcomes } = set;
  const summary = (curve: ReturnType<typeof qualityCostCurve>) => summariseCurve(curve, outcomes);
  const { weak, strong } = modelQualities(outcomes);
  return {
    name: set.name,
    prompts: outcomes.length,
    weakQuality: weak,
    strongQuality: strong,
    router: summary(qualityCostCurve(outcomes)),
    random: summary(randomCurve(outcomes)),
    oracle: summary(oracleCurve(outcomes)),
    note: set.note,
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** A Markdown table: one block of three lines (router, random, oracle) per set. */
export function formatEvaluationTable(rows: readonly EvaluationRow[], routerLabel = 'learned (out-of-fold)'): string {
  const lines = [
    '| data set | router | APGR | CPT(50%) | CPT(80%) | strong calls at 95% | cost saving at 95% |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const label = `${row.name} (n=${row.prompts}; weak ${row.weakQuality.toFixed(3)}, strong ${row.strongQuality.toFixed(3)})`;
    for (const [name, summary] of [
      [routerLabel, row.router],
      ['random', row.random],
      ['oracle', row.oracle],
    ] as const) {
      lines.push(
        `| ${name === routerLabel ? label : ''} | ${name} | ${summary.apgr.toFixed(3)} | ${percent(summary.cpt50)} | ${percent(summary.cpt80)} | ${percent(summary.strongShareAt95)} | ${percent(summary.savingAt95)} |`,
      );
    }
  }
  return lines.join('\n');
}
