/**
 * CPU time of a process (user + system, all threads) from /proc, precise enough for a batch of
 * cheap requests: the per-thread scheduler counters are in nanoseconds, where /proc/<pid>/stat
 * counts 10 ms ticks (±2.5% on the AI SDK pass-through's ~0.4 s per batch).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuReading {
  /** Sum of the living threads' run time (/proc/<pid>/task/<tid>/schedstat), in ms. */
  threadsMs: number;
  /** The whole process's utime + stime (/proc/<pid>/stat), exited threads included, in ms (10 ms ticks). */
  processMs: number;
}

// Linux reports process CPU time in clock ticks of 10 ms (CLK_TCK is 100 on every mainstream kernel).
const millisecondsPerTick = 10;

/** Whether this machine has the /proc files readProcessCpu needs (Linux). */
export function canReadProcessCpu(): boolean {
  try {
    readProcessCpu(process.pid);
    return true;
  } catch {
    return false;
  }
}

/** Throws when the process is gone or /proc is not Linux's. */
export function readProcessCpu(pid: number): CpuReading {
  let threadsNs = 0;
  for (const threadId of readdirSync(`/proc/${pid}/task`)) {
    try {
      threadsNs += Number(readFileSync(`/proc/${pid}/task/${threadId}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read; processMs still counts it.
    }
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15 overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const processMs = (Number(fields[11]) + Number(fields[12])) * millisecondsPerTick;
  if (!Number.isFinite(threadsNs) || !Number.isFinite(processMs)) throw new Error(`unreadable /proc/${pid}`);
  return { threadsMs: threadsNs / 1e6, processMs };
}

/**
 * CPU milliseconds between two readings: the threads' precise sum, unless a thread ended in between
 * (its time is then missing from that sum, and the process total is ahead by more than its ticks'
 * rounding), in which case the process total.
 */
export function cpuBetween(before: CpuReading, after: CpuReading): number {
  const threads = after.threadsMs - before.threadsMs;
  const whole = after.processMs - before.processMs;
  return whole - threads > 2 * millisecondsPerTick ? whole : threads;
}
