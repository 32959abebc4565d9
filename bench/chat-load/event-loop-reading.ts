import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface EventLoopReading {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

/** Asks the server's event-loop probe for what it saw since the last reading, and starts it again. */
export async function readEventLoop(pid: number, directory: string): Promise<EventLoopReading | undefined> {
  const file = path.join(directory, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as EventLoopReading;
    await delay(20);
  }
  return undefined;
}
