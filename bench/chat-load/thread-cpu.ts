import { readdirSync, readFileSync } from 'node:fs';

// Linux reports thread CPU time in clock ticks of 10 ms (CLK_TCK is 100 on every mainstream kernel).
const millisecondsPerTick = 10;

/** CPU milliseconds per thread name (the main thread is "main"): where a server's other threads spend theirs. */
export function readCpuByThreadName(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const threadId of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${threadId}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = Number(threadId) === pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * millisecondsPerTick);
  }
  return byName;
}

export function subtractCpu(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
}
