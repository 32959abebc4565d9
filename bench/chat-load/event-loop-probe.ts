/**
 * Preloaded into the measured server (`--import <this file>`): records how late the event loop
 * runs (perf_hooks' histogram, 10 ms resolution) and, on SIGUSR2, writes what it saw since the
 * last signal to $EVENT_LOOP_PROBE_DIR/<pid>.json and starts again. Changes nothing else.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const directory = process.env.EVENT_LOOP_PROBE_DIR;
if (directory) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const file = path.join(directory, `${process.pid}.json`);
  const toMs = (nanoseconds: number) => nanoseconds / 1e6;
  process.on('SIGUSR2', () => {
    const report = {
      p50Ms: toMs(histogram.percentile(50)),
      p99Ms: toMs(histogram.percentile(99)),
      maxMs: toMs(histogram.max),
      meanMs: toMs(histogram.mean),
    };
    histogram.reset();
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
  });
  writeFileSync(path.join(directory, `${process.pid}.ready`), '');
}
