/** Measuring helpers the benchmarks share: per-call wall and CPU time, a full GC, progress lines on stderr. */
import { formatNumber, percentile } from './stats';

/** Bytes as MiB, for memory tables. */
export const mib = (bytes: number) => formatNumber(bytes / 1024 ** 2);

export interface Timings {
  wall: number[];
  /** CPU time of this process: on a shared machine, close to what the wall time would be on an idle one. */
  cpu: number[];
}

/** Runs `run` `count` times one after another, timing each call. */
export async function timeEach(count: number, run: (index: number) => Promise<unknown> | unknown): Promise<Timings> {
  const timings: Timings = { wall: [], cpu: [] };
  for (let index = 0; index < count; index += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run(index);
    timings.wall.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    timings.cpu.push((cpu.user + cpu.system) / 1000);
  }
  return timings;
}

/** "wall p50 / p99 (CPU p50)" in ms; the CPU figure is left out where another process does the work. */
export function summarise(timings: Timings, withCpu = true): string {
  const wall = `${formatNumber(percentile(timings.wall, 50), 1)} / ${formatNumber(percentile(timings.wall, 99), 1)}`;
  return withCpu ? `${wall} (${formatNumber(percentile(timings.cpu, 50), 1)})` : wall;
}

/** A progress line on stderr, with the time of day: stdout carries the report. */
export const progress = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A full collection before a memory reading; needs node's --expose-gc (a no-op without it). */
export const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
