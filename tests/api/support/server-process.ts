import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const projectRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal that ended it). */
  exited: Promise<number | string | null>;
  /** What the process wrote, for a failing test's message. */
  output(): string;
}

/**
 * Starts the server as its own process, as `npm start` does (`node --import tsx src/server/main.ts`),
 * so a test can kill it; resolves once its log says it is ready. The variables are added to the
 * environment, and an inherited DATABASE_URL is dropped unless given.
 */
export async function startServerProcess(variables: Record<string, string>): Promise<ServerProcess> {
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...environment,
      PORT: '0',
      LOG_LEVEL: 'info',
      LOCAL_MODEL_ENABLED: 'false',
      ENCODER_WARM_AT_START: 'false',
      CHAT_PATH_WARM_AT_START: 'false',
      ...variables,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const entry = parseLogLine(line);
      if (entry?.msg === 'server ready' && typeof entry.url === 'string') resolve(entry.url);
    });
    void exited.then((code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${lines.join('\n')}`)),
    );
  });
  return { url, child, exited, output: () => lines.join('\n') };
}

function parseLogLine(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
