/**
 * `npm run dev`: the API server (restarted on change by node --watch) on API_PORT (3001) and the
 * vite dev server on 3000, which proxies /api to it. Output is prefixed; Ctrl-C stops both, and
 * when one exits the other is stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '3000';
const colours = { api: '\x1b[36m', web: '\x1b[35m' } as const;
const useColour = process.stdout.isTTY;
const children = new Map<string, ChildProcess>();
let stopping = false;

function start(name: keyof typeof colours, args: string[], environment: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, args, { cwd: root, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(name, child);
  const prefix = useColour ? `${colours[name]}[${name}]\x1b[0m ` : `[${name}] `;
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream }).on('line', (line) => target.write(`${prefix}${line}\n`));
  }
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? `code ${code}`}); stopping the other process`);
      stopAll(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) child.kill('SIGTERM');
  // node --watch and vite normally stop within a second; do not hang the terminal if they do not.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5_000).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

start('api', ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
  ...process.env,
  PORT: apiPort,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
});
start('web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
  ...process.env,
  API_PORT: apiPort,
});
console.log(
  `dev: web on http://127.0.0.1:${webPort} (proxies /api to the API server on port ${apiPort}); Ctrl-C stops both`,
);
