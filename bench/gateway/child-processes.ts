/**
 * Starts the processes around the server under test (fake provider, bare proxy, Portkey), each
 * with the memory probe preloaded, and reads their memory through it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';
import { findFreePort, projectRoot } from '../support/server-process';
import type { FakeProviderCommand } from './fake-provider';

export const memoryProbeModule = path.join(projectRoot, 'bench/gateway/memory-probe.ts');
const portkeyFetchFixModule = path.join(projectRoot, 'bench/gateway/portkey-fetch-fix.ts');
const portkeyEntry = path.join(projectRoot, 'node_modules/@portkey-ai/gateway/build/start-server.js');

export interface BenchProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface FakeProviderProcess extends BenchProcess {
  /** Every request from now on gets this reply. */
  setReply(reply: FakeReply): Promise<void>;
  /** How many requests it has answered so far (chat and any other, e.g. embeddings). */
  requestCount(): Promise<number>;
}

interface StartOptions {
  name: string;
  nodeArguments: string[];
  environment?: Record<string, string>;
  /** The process prints its URL in a line matching this; without it, `url` is polled until it answers. */
  urlPattern?: RegExp;
  url?: string;
  /** Opens an IPC channel to the process. */
  ipc?: boolean;
}

async function startNodeProcess(options: StartOptions): Promise<BenchProcess & { child: ChildProcess }> {
  const child = spawn(process.execPath, options.nodeArguments, {
    cwd: projectRoot,
    env: { ...process.env, ...options.environment },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const announced = new Promise<string>((resolve) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (output.length > 30) output.shift();
        const match = options.urlPattern?.exec(line);
        if (match) resolve(match[1]!);
      });
    }
  });
  const failed = exited.then(() => {
    throw new Error(`${options.name} exited before it was ready:\n${output.join('\n')}`);
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${options.name} not ready after 30 s:\n${output.join('\n')}`)), 30_000).unref(),
  );
  const ready = options.urlPattern ? announced : pollUntilAnswering(options.url!);
  const url = await Promise.race([ready, failed, timeout]).catch(async (error: unknown) => {
    await stopChild(child, exited);
    throw error;
  });
  return { url, pid: child.pid!, child, stop: () => stopChild(child, exited) };
}

async function pollUntilAnswering(url: string): Promise<string> {
  for (;;) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (answered) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const withProbe = ['--import', 'tsx', '--import', memoryProbeModule];

export async function startFakeProvider(defaultReply: FakeReply, probeDirectory: string): Promise<FakeProviderProcess> {
  const fake = await startNodeProcess({
    name: 'fake provider',
    nodeArguments: [...withProbe, 'bench/gateway/fake-provider.ts'],
    environment: { FAKE_DEFAULT_REPLY: JSON.stringify(defaultReply), MEMORY_PROBE_DIR: probeDirectory },
    urlPattern: /listening on (\S+)/,
    ipc: true,
  });
  const command = (message: FakeProviderCommand) =>
    new Promise<number>((resolve) => {
      fake.child.once('message', (count) => resolve(count as number));
      fake.child.send(message);
    });
  return {
    ...fake,
    setReply: async (reply) => void (await command({ type: 'set-reply', reply })),
    requestCount: () => command({ type: 'count-requests' }),
  };
}

/** A gateway script of the bench's own in front of the fake provider, printing "... listening on <url>". */
function startBenchGateway(
  name: string,
  script: string,
  upstreamUrl: string,
  probeDirectory: string,
): Promise<BenchProcess> {
  return startNodeProcess({
    name,
    nodeArguments: [...withProbe, script],
    environment: { UPSTREAM_URL: upstreamUrl, MEMORY_PROBE_DIR: probeDirectory },
    urlPattern: /listening on (\S+)/,
  });
}

export const startBareProxy = (upstreamUrl: string, probeDirectory: string) =>
  startBenchGateway('bare proxy', 'bench/gateway/bare-proxy.ts', upstreamUrl, probeDirectory);

/** Our model gateway (AI SDK providers) behind node:http, with nothing else: see ai-sdk-gateway.ts. */
export const startAiSdkGateway = (upstreamUrl: string, probeDirectory: string) =>
  startBenchGateway('AI SDK gateway', 'bench/gateway/ai-sdk-gateway.ts', upstreamUrl, probeDirectory);

/** Portkey's own start script (headless, production: no console UI), with the streaming fix preloaded. */
export async function startPortkey(probeDirectory: string): Promise<BenchProcess> {
  const port = await findFreePort();
  return startNodeProcess({
    name: 'Portkey gateway',
    nodeArguments: [...withProbe, '--import', portkeyFetchFixModule, portkeyEntry, `--port=${port}`, '--headless'],
    environment: { NODE_ENV: 'production', MEMORY_PROBE_DIR: probeDirectory },
    url: `http://127.0.0.1:${port}/`,
  });
}

export interface ProbedMemory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** Full GC in the process, then its memory (bytes), through the preloaded probe. */
export async function probeMemory(pid: number, probeDirectory: string): Promise<ProbedMemory> {
  const file = path.join(probeDirectory, `${pid}.json`);
  if (!existsSync(path.join(probeDirectory, `${pid}.ready`))) throw new Error(`no memory probe in process ${pid}`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  const giveUpAt = Date.now() + 10_000;
  while (!existsSync(file)) {
    if (Date.now() > giveUpAt) throw new Error(`memory probe of process ${pid} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ProbedMemory;
}
