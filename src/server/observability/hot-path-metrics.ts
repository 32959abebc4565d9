import { Counter, Gauge, Histogram } from 'prom-client';
import type { Metrics } from './metrics';

// The hot path's own machinery, for operators (docs/decisions/073, 074): the group-commit writer's
// queue and batches, and the budget leases an instance holds.

const batchBuckets = [1, 2, 4, 8, 16, 32, 64];
const batchSecondsBuckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1];

/** What the writer reports of each batch (the shape of the writer's observer). */
interface BatchObserver {
  batch(units: number, seconds: number, failed: boolean): void;
}

/** Batches of the group-commit writer: how many units each held, how long it took, how many were written again unit by unit. */
export function groupCommitMetrics(metrics: Pick<Metrics, 'registry'>): BatchObserver {
  const registers = [metrics.registry];
  const units = new Histogram({
    name: 'tokenwise_writer_batch_units',
    help: "Units (a call's rows) per transaction of the group-commit writer",
    buckets: batchBuckets,
    registers,
  });
  const seconds = new Histogram({
    name: 'tokenwise_writer_batch_seconds',
    help: 'Time to write one batch of the group-commit writer, its transaction included',
    buckets: batchSecondsBuckets,
    registers,
  });
  const failed = new Counter({
    name: 'tokenwise_writer_batches_failed_total',
    help: 'Batches whose transaction failed, written again unit by unit (so one unit fails alone)',
    registers,
  });
  return {
    batch(count, took, wasFailed) {
      units.observe(count);
      seconds.observe(took);
      if (wasFailed) failed.inc();
    },
  };
}

/** Read at each scrape: the writer's queue and the leases this instance holds. */
export function hotPathGauges(
  metrics: Pick<Metrics, 'registry'>,
  read: {
    writerDepth(): number;
    /** Each lease held: its kind and how many calls hold room in it now. */
    leases(): readonly { kind: string; holds: number }[];
  },
): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'tokenwise_writer_queue_depth',
    help: 'Units waiting for a batch of the group-commit writer (past 2,048, new writes wait: back-pressure)',
    registers,
    collect() {
      this.set(read.writerDepth());
    },
  });
  const byKind = (pick: (lease: { kind: string; holds: number }) => number) => {
    const totals = new Map<string, number>();
    for (const lease of read.leases()) totals.set(lease.kind, (totals.get(lease.kind) ?? 0) + pick(lease));
    return totals;
  };
  new Gauge({
    name: 'tokenwise_budget_leases',
    help: 'Budget leases this instance holds, by kind (limit, key-budget, wallet)',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      for (const [kind, count] of byKind(() => 1)) this.set({ kind }, count);
    },
  });
  new Gauge({
    name: 'tokenwise_budget_lease_holds',
    help: 'Calls in progress holding room in this instance’s budget leases, by kind',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      for (const [kind, count] of byKind((lease) => lease.holds)) this.set({ kind }, count);
    },
  });
}
