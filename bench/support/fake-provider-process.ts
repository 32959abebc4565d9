/**
 * The fake model provider (src/gateway/testing/run-fake-provider-server.ts) in its own process,
 * so its work does not share the server's or the benchmark's event loop.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { projectRoot } from './server-process';

export interface FakeProviderProcess {
  /** Base URL without the /v1 suffix. */
  url: string;
  stop(): Promise<void>;
}

export async function startFakeProviderProcess(timeoutMs = 60_000): Promise<FakeProviderProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/gateway/testing/run-fake-provider-server.ts', '0'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake provider did not start')), timeoutMs);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error('the fake provider exited before it listened')));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
