/** Turns the bench's measurements into its markdown tables and the verdicts against the targets. */
import { markdownTable, percentile } from '../support/stats';
import type { ProbedMemory } from './child-processes';
import type { StreamSample } from './load-job';
import { gatewayTargets, type TargetName } from './stack';

export interface LatencyRun {
  repeat: number;
  concurrency: number;
  target: TargetName;
  samples: StreamSample[];
  /** CPU milliseconds the gateway process used during the run (all threads); undefined for direct calls. */
  gatewayCpuMs: number | undefined;
  /** Requests the fake provider answered during the run: fewer than streams means a cache answered some. */
  providerRequests: number;
}

export interface MemoryRun {
  repeat: number;
  target: TargetName;
  streams: number;
  errors: number;
  idle: ProbedMemory;
  loaded: ProbedMemory;
}

/** A gateway's CPU per stream for one-token replies: what a request costs before any token. */
export interface CostRun {
  repeat: number;
  target: TargetName;
  cpuPerStream: number;
}

interface Summary {
  streams: number;
  errors: number;
  notSentUpstream: number;
  firstByte50: number;
  ttfb50: number;
  ttfb99: number;
  total50: number;
  total99: number;
  cpuPerStream: number;
}

function summarize(run: LatencyRun): Summary {
  const ok = run.samples.filter((sample) => sample.ok);
  const pick = (field: 'firstByteMs' | 'firstTextMs' | 'totalMs', p: number) =>
    percentile(
      ok.map((sample) => sample[field]),
      p,
    );
  return {
    streams: run.samples.length,
    errors: run.samples.length - ok.length,
    notSentUpstream: run.samples.length - run.providerRequests,
    firstByte50: pick('firstByteMs', 50),
    ttfb50: pick('firstTextMs', 50),
    ttfb99: pick('firstTextMs', 99),
    total50: pick('totalMs', 50),
    total99: pick('totalMs', 99),
    cpuPerStream: run.gatewayCpuMs === undefined ? Number.NaN : run.gatewayCpuMs / run.samples.length,
  };
}

/** Overheads below this are within the noise of timers and scheduling here. */
const measurementFloorMs = 1;

/** One value, or "lowest–highest" over the repeats when they differ at the shown precision. */
function range(values: number[], digits = 1): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return '-';
  const low = Math.min(...finite).toFixed(digits);
  const high = Math.max(...finite).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
}

export class Report {
  constructor(
    private readonly latency: LatencyRun[],
    private readonly memory: MemoryRun[],
    private readonly costs: CostRun[],
    private readonly tokensPerReply: number,
  ) {}

  private summaries(concurrency: number, target: TargetName): Summary[] {
    return this.latency.filter((run) => run.concurrency === concurrency && run.target === target).map(summarize);
  }

  private concurrencies(): number[] {
    return [...new Set(this.latency.map((run) => run.concurrency))];
  }

  /** Per repeat: the gateway's figure minus the direct call's (or divided by the bare proxy's overhead). */
  private added(concurrency: number, target: TargetName, field: keyof Summary): number[] {
    const direct = this.summaries(concurrency, 'direct');
    return this.summaries(concurrency, target).map(
      (summary, index) => summary[field] - (direct[index]?.[field] ?? Number.NaN),
    );
  }

  /** Undefined (NaN) where the bare proxy's overhead is under the ~1 ms this setup can resolve. */
  private ratioToProxy(concurrency: number, target: TargetName, field: keyof Summary): number[] {
    const proxy = this.added(concurrency, 'bare proxy', field);
    return this.added(concurrency, target, field).map((value, index) => {
      const floor = proxy[index] ?? Number.NaN;
      return floor >= measurementFloorMs ? value / floor : Number.NaN;
    });
  }

  latencyTable(): string {
    const rows = this.concurrencies().flatMap((concurrency) =>
      (['direct', ...gatewayTargets] as const).map((target) => {
        const summaries = this.summaries(concurrency, target);
        const column = (field: keyof Summary, digits = 1) =>
          range(
            summaries.map((summary) => summary[field]),
            digits,
          );
        return [
          concurrency,
          target,
          column('streams', 0),
          column('errors', 0),
          column('notSentUpstream', 0),
          column('firstByte50'),
          column('ttfb50'),
          column('ttfb99'),
          column('total50'),
          column('total99'),
          column('cpuPerStream', 2),
        ];
      }),
    );
    return markdownTable(
      [
        'streams at once',
        'target',
        'streams',
        'errors',
        'answered without the provider',
        'first byte p50 ms',
        'TTFB p50 ms',
        'TTFB p99 ms',
        'total p50 ms',
        'total p99 ms',
        'gateway CPU ms/stream',
      ],
      rows,
    );
  }

  overheadTable(): string {
    const rows = this.concurrencies().flatMap((concurrency) =>
      gatewayTargets.map((target) => [
        concurrency,
        target,
        range(this.added(concurrency, target, 'ttfb50')),
        range(this.added(concurrency, target, 'ttfb99')),
        range(this.added(concurrency, target, 'total50')),
        range(this.added(concurrency, target, 'total99')),
        target === 'bare proxy' ? '1' : range(this.ratioToProxy(concurrency, target, 'ttfb50')),
        target === 'bare proxy' ? '1' : range(this.ratioToProxy(concurrency, target, 'total50')),
        target === 'bare proxy' ? '1' : range(this.cpuRatio(concurrency, target)),
      ]),
    );
    return markdownTable(
      [
        'streams at once',
        'gateway',
        'added TTFB p50 ms',
        'added TTFB p99 ms',
        'added total p50 ms',
        'added total p99 ms',
        'TTFB overhead ÷ bare proxy',
        'total overhead ÷ bare proxy',
        'CPU/stream ÷ bare proxy',
      ],
      rows,
    );
  }

  private cpuRatio(concurrency: number, target: TargetName): number[] {
    const proxy = this.summaries(concurrency, 'bare proxy');
    return this.summaries(concurrency, target).map(
      (summary, index) => summary.cpuPerStream / (proxy[index]?.cpuPerStream ?? Number.NaN),
    );
  }

  costTable(): string {
    const rows = gatewayTargets.map((target) => {
      const full = this.summaries(50, target).map((summary) => summary.cpuPerStream);
      const perRequest = this.costs.filter((run) => run.target === target).map((run) => run.cpuPerStream);
      const perToken = perRequest.map(
        (cost, index) => ((full[index] ?? Number.NaN) - cost) / (this.tokensPerReply - 1),
      );
      return [target, range(full, 2), range(perRequest, 2), range(perToken, 3)];
    });
    return markdownTable(
      [
        'gateway',
        `CPU ms per ${this.tokensPerReply}-token stream`,
        'CPU ms per request (1-token reply)',
        'CPU ms per further token',
      ],
      rows,
    );
  }

  memoryTable(): string {
    const kib = 1024;
    const mib = 1024 * 1024;
    const rows = gatewayTargets.map((target) => {
      const runs = this.memory.filter((run) => run.target === target);
      const perStream = (read: (memory: ProbedMemory) => number) =>
        range(
          runs.map((run) => (read(run.loaded) - read(run.idle)) / run.streams / kib),
          0,
        );
      return [
        target,
        range(
          runs.map((run) => run.streams),
          0,
        ),
        range(
          runs.map((run) => run.errors),
          0,
        ),
        range(
          runs.map((run) => run.idle.rss / mib),
          0,
        ),
        range(
          runs.map((run) => run.loaded.rss / mib),
          0,
        ),
        perStream((memory) => memory.rss),
        perStream((memory) => memory.heapUsed),
        perStream((memory) => memory.external),
      ];
    });
    return markdownTable(
      [
        'gateway',
        'streams held open',
        'errors',
        'RSS idle MiB',
        'RSS with the streams open MiB',
        'RSS per stream KiB',
        'JS heap per stream KiB',
        'external per stream KiB',
      ],
      rows,
    );
  }

  /**
   * Issue 24's targets for one of our targets: added time to first byte within 1.5x Portkey's (the
   * gateway path, cache off, at 1 and 50 streams) or 3x (cache on, at 50), CPU per request within
   * 2x the AI SDK pass-through's (cache off), and the largest step and the held streams without errors.
   */
  verdicts(target: TargetName): string[] {
    const judge = (passes: boolean[]) =>
      passes.length === 0
        ? 'not measured'
        : passes.every(Boolean)
          ? 'met'
          : passes.some(Boolean)
            ? 'met in some repeats only'
            : 'missed';
    const lines: string[] = [];
    const cacheOn = target === 'Tokenwise';
    const ratioOf = (ours: number[], theirs: number[]) =>
      ours.map((value, index) => value / Math.max(theirs[index] ?? Number.NaN, measurementFloorMs));
    for (const concurrency of this.concurrencies()) {
      const added = this.added(concurrency, target, 'ttfb50');
      const portkey = this.added(concurrency, 'Portkey', 'ttfb50');
      const ratio = ratioOf(added, portkey);
      const allowed = cacheOn ? 3 : 1.5;
      const judged = cacheOn ? concurrency === 50 : concurrency === 1 || concurrency === 50;
      lines.push(
        `- ${concurrency} at once: TTFB added p50 ${range(added)} ms, Portkey's ${range(portkey)} ms: ${range(ratio, 2)}x` +
          (judged ? ` (target within ${allowed}x): ${judge(ratio.map((value) => value <= allowed))}` : ''),
      );
    }
    if (!cacheOn) {
      const ours = this.costs.filter((run) => run.target === target).map((run) => run.cpuPerStream);
      const floor = this.costs.filter((run) => run.target === 'AI SDK pass-through').map((run) => run.cpuPerStream);
      const ratio = ours.map((value, index) => value / (floor[index] ?? Number.NaN));
      lines.push(
        `- CPU per request (1-token reply, 50 at once) ${range(ours, 2)} ms, the AI SDK pass-through's ${range(floor, 2)} ms: ` +
          `${range(ratio, 1)}x (target within 2x): ${judge(ratio.map((value) => value <= 2))}`,
      );
    }
    const atMost = Math.max(...this.concurrencies());
    const errors = this.summaries(atMost, target).map((summary) => summary.errors);
    const held = this.memory.filter((run) => run.target === target);
    const heldErrors = held.map((run) => run.errors);
    lines.push(
      `- ${atMost} streams at once without errors: ${range(errors, 0)} errors in the load rounds, ${range(heldErrors, 0)} with ${range(
        held.map((run) => run.streams),
        0,
      )} held open: ${judge([...errors, ...heldErrors].map((value) => value === 0))}`,
    );
    return lines;
  }
}
