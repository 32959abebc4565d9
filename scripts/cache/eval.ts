/**
 * `npm run cache:eval`: hit precision and recall of the semantic cache on human-labelled
 * question pairs (STS 2016) and on near misses built from those questions, with 95% intervals,
 * against its similarity threshold; what each verifier rule contributes; GPTCache's generated
 * paraphrases as a recall check. The threshold is chosen on the dev half and reported on the
 * held-out half. The report is printed to stdout; progress goes to stderr.
 */
import { availableParallelism } from 'node:os';
import { defaultCacheSettings } from '../../src/gateway/cache/cache-settings';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { resolveSharedDataDir } from '../support/shared-data-dir';
import { decidePairs, inSplit, measure, type DecidedPair } from './eval-metrics';
import {
  chooseThreshold,
  headlineTable,
  isHeadline,
  isHumanLabelled,
  kindTable,
  markdownTable,
  percent,
  sweepTable,
  sweepThresholds,
  variantTable,
  withInterval,
} from './eval-report';
import { verifierVariants } from './eval-variants';
import { gptCachePublished, runGptCacheProtocol } from './gptcache-protocol';
import { scoreEvaluationPairs } from './scored-pairs';

/** Dev precision the threshold must reach on the headline pairs. */
const targetPrecision = 0.95;

async function main(): Promise<void> {
  const started = performance.now();
  const encoder = createWorkerPoolEncoder({ threads: availableParallelism() });
  const evaluation = await scoreEvaluationPairs(resolveSharedDataDir(), encoder).finally(() => encoder.close());
  const decided = decidePairs(evaluation.pairs, defaultCacheSettings, verifierVariants);
  const headline = decided.filter(isHeadline);
  const { threshold: chosen, reachesTarget } = chooseThreshold(
    inSplit(headline, 'dev'),
    targetPrecision,
    sweepThresholds,
  );
  const threshold = defaultCacheSettings.similarityThreshold;
  const thresholds = [...new Set([...sweepThresholds, threshold])].sort((first, second) => first - second);

  const out: string[] = [];
  out.push('# Semantic cache: hit precision and recall', '');
  out.push(`Pairs: ${describeCounts(decided)}.`);
  out.push(
    `Headline: ${headline.length} pairs, the ${headline.filter(isHumanLabelled).length} human-labelled STS question pairs and the near misses built from their questions.`,
  );
  const rule = reachesTarget
    ? `most hits at >= ${percent(targetPrecision)} precision`
    : `no threshold reaches ${percent(targetPrecision)} precision: most hits at the best precision`;
  out.push(
    `Threshold chosen on the dev half (${rule}, middle of a tie): ${chosen.toFixed(2)}; product default: ${threshold.toFixed(2)}${chosen === threshold ? '' : ' (differs: update cache-settings.ts or the report)'}.`,
    '',
  );
  out.push(`## Headline at the default threshold ${threshold.toFixed(2)}`, '', headlineTable(decided, threshold), '');
  out.push(encoderAloneLines(decided).join('\n'), '');
  out.push(
    '## Threshold sweep (headline pairs; * = product default)',
    '',
    sweepTable(headline, thresholds, threshold),
    '',
  );
  out.push(
    `## What each rule contributes, at ${threshold.toFixed(2)}`,
    '',
    variantTable(decided, threshold, Object.keys(verifierVariants)),
    '',
  );
  out.push(`## Each kind of pair at ${threshold.toFixed(2)}`, '', kindTable(decided, threshold), '');
  out.push(
    '## Recall check: GPTCache protocol (store every origin, ask every paraphrase; positive = its own origin returned)',
    '',
    gptCacheTable(evaluation, decided),
    '',
  );
  out.push(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The encoder's similarity alone on the human-labelled pairs: its most precise operating points. */
function encoderAloneLines(pairs: readonly DecidedPair[]): string[] {
  const human = pairs.filter(isHumanLabelled);
  const lines = ['Encoder alone (guard and exact tier kept, no verifier) on the STS pairs, full set:'];
  for (const threshold of [0.8, 0.85, 0.9, 0.94, 0.96])
    lines.push(
      `- at ${threshold.toFixed(2)}: precision ${withInterval(measure(human, threshold, false), 'precision')}, recall ${withInterval(measure(human, threshold, false), 'hitRate')}`,
    );
  return lines;
}

function describeCounts(pairs: readonly DecidedPair[]): string {
  const positives = pairs.filter((pair) => pair.positive).length;
  return `${pairs.length} (${positives} positive, ${pairs.length - positives} negative); dev ${inSplit(pairs, 'dev').length}, held-out ${inSplit(pairs, 'held-out').length}`;
}

function gptCacheTable(
  evaluation: Awaited<ReturnType<typeof scoreEvaluationPairs>>,
  decided: readonly DecidedPair[],
): string {
  const rows: string[][] = [];
  const thresholds = [...new Set([0.8, 0.9, 0.95, defaultCacheSettings.similarityThreshold])].sort(
    (first, second) => first - second,
  );
  for (const threshold of thresholds) {
    const settings = { ...defaultCacheSettings, similarityThreshold: threshold };
    const published = gptCachePublished.find((figure) => figure.threshold === threshold);
    const cells = (['held-out', 'full'] as const).flatMap((split) => {
      const paraphrases = inSplit(decided, split).filter((pair) => pair.kind === 'paraphrase');
      return [true, false].map((verifier) => {
        const result = runGptCacheProtocol(paraphrases, evaluation.vectorOf, settings, verifier);
        const hits = result.positive + result.negative;
        return `${percent(hits === 0 ? 1 : result.positive / hits)} at ${percent(hits / result.queries)}`;
      });
    });
    rows.push([
      threshold.toFixed(2),
      ...cells,
      published ? `${percent(published.precision)} at ${percent(published.hitRate)}` : '-',
    ]);
  }
  return markdownTable(
    [
      'threshold',
      'held-out (verifier)',
      'held-out (no verifier)',
      'full (verifier)',
      'full (no verifier)',
      'GPTCache published (ONNX encoder, no verifier)',
    ],
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
