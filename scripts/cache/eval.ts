/**
 * `npm run cache:eval`: hit precision and hit rate of the semantic cache against its similarity
 * threshold, with and without the near-miss verifier, on the shared cache data (GPTCache pairs,
 * labelled STS pairs, and negatives built here with a fixed seed), next to GPTCache's published
 * figures. The default threshold is chosen on the dev half and reported on the held-out half.
 * The report is printed to stdout; progress goes to stderr.
 */
import { availableParallelism } from 'node:os';
import { defaultCacheSettings } from '../../src/gateway/cache/cache-settings';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { resolveSharedDataDir } from '../support/shared-data-dir';
import { decidePairs, inSplit, measure, type DecidedPair } from './eval-metrics';
import { chooseThreshold, isHeadline, kindTable, markdownTable, percent, sweepTable, sweepThresholds } from './eval-report';
import { gptCachePublished, runGptCacheProtocol } from './gptcache-protocol';
import { scoreEvaluationPairs } from './scored-pairs';

const targetPrecision = 0.97;

async function main(): Promise<void> {
  const started = performance.now();
  const encoder = createWorkerPoolEncoder({ threads: availableParallelism() });
  const evaluation = await scoreEvaluationPairs(resolveSharedDataDir(), encoder).finally(() => encoder.close());
  const decided = decidePairs(evaluation.pairs, defaultCacheSettings);
  const headline = decided.filter(isHeadline);
  const chosen = chooseThreshold(inSplit(headline, 'dev'), targetPrecision, sweepThresholds);
  const threshold = defaultCacheSettings.similarityThreshold;
  const thresholds = [...new Set([...sweepThresholds, threshold])].sort((first, second) => first - second);

  const out: string[] = [];
  out.push('# Semantic cache: hit precision and hit rate', '');
  out.push(`Pairs: ${describeCounts(decided)}.`);
  out.push(`Headline figures count ${headline.length} pairs (all but the "neighbour" and "reworded" stress sets).`);
  out.push(`Threshold chosen on the dev half (most hits at >= ${percent(targetPrecision)} precision): ${chosen.toFixed(2)}; product default: ${threshold.toFixed(2)}${chosen === threshold ? '' : ' (differs: update cache-settings.ts or the report)'}.`, '');
  out.push('## Threshold sweep (headline pairs; * = product default)', '', sweepTable(headline, thresholds, threshold), '');
  out.push(`## Each kind of pair at the default threshold ${threshold.toFixed(2)}`, '', kindTable(decided, threshold), '');
  out.push('## Stress sets at the default threshold', '', stressLines(decided, threshold).join('\n'), '');
  out.push('## GPTCache protocol (store every origin, ask every paraphrase; positive = its own origin returned)', '', gptCacheTable(evaluation, decided), '');
  out.push(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  process.stdout.write(`${out.join('\n')}\n`);
}

function describeCounts(pairs: readonly DecidedPair[]): string {
  const positives = pairs.filter((pair) => pair.positive).length;
  return `${pairs.length} (${positives} positive, ${pairs.length - positives} negative); dev ${inSplit(pairs, 'dev').length}, held-out ${inSplit(pairs, 'held-out').length}`;
}

function stressLines(pairs: readonly DecidedPair[], threshold: number): string[] {
  return (['held-out', 'full'] as const).map((split) => {
    const everything = measure(inSplit(pairs, split), threshold, true);
    return `- ${split}, every negative counted (reworded near misses and nearest-other-question pairs too): precision ${percent(everything.precision)} at ${percent(everything.hitRate)} hit rate`;
  });
}

function gptCacheTable(evaluation: Awaited<ReturnType<typeof scoreEvaluationPairs>>, decided: readonly DecidedPair[]): string {
  const rows: string[][] = [];
  const thresholds = [...new Set([0.8, 0.9, 0.95, defaultCacheSettings.similarityThreshold])].sort((first, second) => first - second);
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
    rows.push([threshold.toFixed(2), ...cells, published ? `${percent(published.precision)} at ${percent(published.hitRate)}` : '-']);
  }
  return markdownTable(['threshold', 'held-out (verifier)', 'held-out (no verifier)', 'full (verifier)', 'full (no verifier)', 'GPTCache published (ONNX encoder, no verifier)'], rows);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  process.exitCode = 1;
});
