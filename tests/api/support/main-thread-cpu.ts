import { readFile } from 'node:fs/promises';

/** Linux's clock ticks a second for /proc's CPU times (USER_HZ, 100 on every Linux architecture Node runs on). */
const ticksPerSecond = 100;

/**
 * The CPU milliseconds a process's main thread has used so far, from /proc/<pid>/task/<pid>/stat,
 * or undefined where there is no /proc. A process's main thread has the process's id.
 */
export async function mainThreadCpuMilliseconds(pid: number): Promise<number | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // After "pid (command) ", fields from the third on: utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
