/** Small statistics and formatting helpers shared by the benchmarks. */
import os from 'node:os';

/** Nearest-rank percentile of an unsorted sample (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: number[]) => percentile(values, 50);

export function formatNumber(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** One line naming the machine, for the reports. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGib = os.totalmem() / 1024 ** 3;
  return `${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${memoryGib.toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Other work on the machine skews every number here, so the reports say how busy it was. */
export function describeLoad(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}
