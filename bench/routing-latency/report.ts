import { describeMachine, formatNumber, markdownTable, percentile } from '../support/stats';
import type { SeedReport } from '../support/seed-cache-scope';
import type { RoutingCost } from './routing-in-process';

/** Sequential cache hits of one prompt over HTTP. */
export interface HitRun {
  label: string;
  prompt: string;
  times: number[];
  misses: number;
  serverCpuMsPerRequest: number;
  reasonText: string;
}

/** Cache misses over HTTP, automatic routing against a forced model. */
export interface MissView {
  auto: number[];
  forced: number[];
  forcedModel: string;
  autoHits: number;
  forcedHits: number;
}

const ms = (value: number, digits = 1) => formatNumber(value, digits);
const p50p99 = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;

export interface RoutingBenchResults {
  startedAt: Date;
  /** Load averages noted along the run, "when: 1 / 5 / 15 min". */
  loadSamples: string[];
  seeded: SeedReport;
  restartReadyMs: number;
  hits: HitRun[];
  misses: MissView;
  routing: RoutingCost;
}

/** The benchmark's Markdown report. */
export function formatReport(results: RoutingBenchResults): string {
  const { seeded, hits, misses, routing } = results;
  const lines: string[] = [];
  lines.push(`Run of ${results.startedAt.toISOString()} to ${new Date().toISOString()}`);
  lines.push(`Machine: ${describeMachine()}`);
  lines.push(`Load average (1 / 5 / 15 min): ${results.loadSamples.join('; ')}`);
  lines.push('');
  lines.push(
    `Cache scope: ${seeded.entries.toLocaleString('en')} entries in the organisation (one real, the rest synthetic), seeded in ${formatNumber(seeded.insertMs / 1000)} s; ` +
      `HNSW build ${formatNumber(seeded.indexBuildMs / 1000)} s, index ${formatNumber(seeded.indexMib)} MiB, table ${formatNumber(seeded.tableMib)} MiB; server ready after restart in ${formatNumber(results.restartReadyMs)} ms.`,
  );
  lines.push('');
  lines.push('### Cache hit end to end (HTTP request to last byte, sequential)');
  lines.push('');
  lines.push(
    markdownTable(
      [
        'request',
        'prompt',
        'requests',
        'misses',
        'wall ms p50 / p99',
        'min / max',
        'over 50 / over 100 ms',
        'server CPU ms per request (mean)',
      ],
      hits.map((run) => [
        run.label,
        run.prompt.length > 60 ? `"${run.prompt.slice(0, 40)}…" (${run.prompt.length} characters)` : `"${run.prompt}"`,
        run.times.length,
        run.misses,
        `**${p50p99(run.times)}**`,
        `${ms(Math.min(...run.times))} / ${ms(Math.max(...run.times))}`,
        `${run.times.filter((time) => time > 50).length} / ${run.times.filter((time) => time > 100).length}`,
        ms(run.serverCpuMsPerRequest),
      ]),
    ),
  );
  lines.push('');
  for (const run of hits.filter((hit) => hit.label.startsWith('semantic')))
    lines.push(`${run.label}: "${run.reasonText}".`);
  lines.push('');
  lines.push(
    `### Routing overhead per automatic request, in process (${routing.sum.length} benchmark prompts, mean ${formatNumber(routing.meanCharacters)} characters)`,
  );
  lines.push('');
  lines.push(
    markdownTable(
      ['step', 'wall ms p50 / p99'],
      [
        [
          'router score (`createLearnedScorer(...).score`: text features, logistic model; an encoder window only for an artifact trained with one)',
          p50p99(routing.routerScore),
        ],
        ['  its encoder window alone (embedded again right after; 0 without one)', p50p99(routing.routerEmbedding)],
        ['cache embedding (`embedPrompts`, the semantic lookup of a miss)', p50p99(routing.cacheEmbedding)],
        ['**sum per request** (score + cache embedding)', `**${p50p99(routing.sum)}**`],
        ['  CPU of that sum', p50p99(routing.cpuSum)],
      ],
    ),
  );
  lines.push('');
  lines.push(
    `### Cache misses over HTTP (${misses.auto.length} each, alternating, distinct prompts, fake provider answering at once)`,
  );
  lines.push('');
  lines.push(
    markdownTable(
      ['request', 'wall ms p50 / p99', 'unexpected hits'],
      [
        ['automatic (router + cache lookup + model)', p50p99(misses.auto), misses.autoHits],
        [
          `forced \`${misses.forcedModel}\` (no router; cache lookup + model)`,
          p50p99(misses.forced),
          misses.forcedHits,
        ],
        [
          'difference of the p50s (the router, seen over HTTP)',
          ms(percentile(misses.auto, 50) - percentile(misses.forced, 50)),
          '',
        ],
      ],
    ),
  );
  return lines.join('\n');
}
