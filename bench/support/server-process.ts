/**
 * Starts the real server as a child process (the way `npm start` runs it) and times how long it
 * takes until GET /api/readyz answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  /** The process id of the server (for `npm`, of npm itself). */
  pid: number;
  /** Milliseconds from spawn until /api/readyz answered 200. */
  readyMs: number;
  /** The server's own "server ready" figure (time inside startServer), when it logged one. */
  serverReportedMs: number | undefined;
  /** Resident memory of the server process right after it became ready, in MiB (node launches only). */
  rssMib: number | undefined;
  /** The server process's peak resident memory so far, in MiB (node launches only). */
  peakRssMib(): number | undefined;
  /** CPU time the server has used so far, split into its main (JavaScript) thread and all other threads. */
  cpuTimeMs(): CpuTime | undefined;
  /** The last 50 lines the server printed (its log). */
  recentOutput(): string[];
  stop(): Promise<void>;
}

export interface CpuTime {
  mainThread: number;
  otherThreads: number;
}

export interface StartServerOptions {
  dataDir: string;
  environment?: Record<string, string>;
  /** `node` runs src/server/main.ts directly; `npm` runs `npm start` (web build check included). */
  launcher?: 'node' | 'npm';
  /** Extra node options, after tsx and before the entry script, e.g. --cpu-prof (node launches only). */
  nodeArguments?: string[];
  timeoutMs?: number;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const environment = {
    ...process.env,
    LOG_LEVEL: 'info',
    ...options.environment,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
  };
  const launcher = options.launcher ?? 'node';
  const started = performance.now();
  // npm runs a shell and then node: give it its own process group so stop() reaches all of them.
  const child =
    launcher === 'npm'
      ? spawn('npm', ['start', '--silent'], {
          cwd: projectRoot,
          env: environment,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        })
      : spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArguments ?? []), 'src/server/main.ts'], {
          cwd: projectRoot,
          env: environment,
          stdio: ['ignore', 'pipe', 'pipe'],
        });

  let serverReportedMs: number | undefined;
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > 50) output.shift();
      if (line.includes('"server ready"')) serverReportedMs = (JSON.parse(line) as { ms?: number }).ms;
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`server exited before it was ready:\n${output.join('\n')}`);
    if (performance.now() > deadline) {
      await stopChild(child, launcher, exited);
      throw new Error(`server not ready after ${options.timeoutMs ?? 60_000} ms:\n${output.join('\n')}`);
    }
    const status = await fetch(`${url}/api/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  await new Promise((resolve) => setImmediate(resolve));
  return {
    url,
    pid: child.pid!,
    readyMs,
    serverReportedMs,
    rssMib: launcher === 'node' ? readMemoryMib(child.pid!, 'VmRSS') : undefined,
    peakRssMib: () => (launcher === 'node' ? readMemoryMib(child.pid!, 'VmHWM') : undefined),
    cpuTimeMs: () => (launcher === 'node' ? readCpuTime(child.pid!) : undefined),
    recentOutput: () => [...output],
    stop: () => stopChild(child, launcher, exited),
  };
}

function readMemoryMib(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

// Linux reports thread CPU time in clock ticks of 10 ms (CLK_TCK is 100 on every mainstream kernel).
const millisecondsPerTick = 10;

/** Per-thread user + system time from /proc: the main thread runs JavaScript and PGlite; the others include argon2. */
export function readCpuTime(pid: number): CpuTime | undefined {
  try {
    const total: CpuTime = { mainThread: 0, otherThreads: 0 };
    for (const threadId of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${threadId}/stat`, 'utf8');
      // Fields after the parenthesised command name; utime and stime are fields 14 and 15 overall.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const milliseconds = (Number(fields[11]) + Number(fields[12])) * millisecondsPerTick;
      if (Number(threadId) === pid) total.mainThread += milliseconds;
      else total.otherThreads += milliseconds;
    }
    return total;
  } catch {
    return undefined;
  }
}

async function stopChild(child: ChildProcess, launcher: 'node' | 'npm', exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (launcher === 'npm') process.kill(-child.pid!, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  // npm can exit before the server it started: wait until nothing of the process group is left.
  const giveUpAt = Date.now() + 15_000;
  while (launcher === 'npm' && groupIsAlive(child.pid!)) {
    if (Date.now() > giveUpAt) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function groupIsAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}
