import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's nginx (`apt-get install -y nginx`). */
export const nginxBinary = '/usr/sbin/nginx';

export function nginxInstalled(): boolean {
  return existsSync(nginxBinary);
}

export interface NginxFront {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The error log so far, for a failing test's message. */
  errorLog(): Promise<string>;
  /** Fast shutdown (SIGTERM to the master), then the folder is removed. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The configuration an operator puts in front of several instances (README, "Several instances"):
 * streams passed through as they come (`proxy_buffering off`), a request the instance refused
 * while draining (503) or could not take (connection refused or reset before any answer) tried on
 * the next instance, and `X-Upstream` naming the instance(s) tried, for the test to attribute answers.
 */
export function nginxConfig(options: { prefix: string; listenPort: number; upstreamPorts: readonly number[] }): string {
  const { prefix, listenPort, upstreamPorts } = options;
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n');
  return `# Written by tests/api/support/nginx-front.ts
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream tokenwise {
${servers}
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 10m;
    location / {
      proxy_pass http://tokenwise;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 300s;
      proxy_connect_timeout 5s;
      proxy_next_upstream error http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx in the foreground with its own prefix, pid file and logs in a temporary folder. */
export async function startNginxFront(upstreamPorts: readonly number[]): Promise<NginxFront> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'tokenwise-nginx-'));
  // As root nginx's workers run as `nobody`, who must reach the temporary folders inside.
  await chmod(prefix, 0o755);
  await mkdir(path.join(prefix, 'logs'));
  const listenPort = await findFreePort();
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, nginxConfig({ prefix, listenPort, upstreamPorts }));
  await run(nginxBinary, ['-t', '-p', prefix, '-c', configFile]);
  const child = spawn(nginxBinary, ['-p', prefix, '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => stderr);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const gone = await Promise.race([exited.then(() => true), delay(10_000).then(() => false)]);
      if (!gone) child.kill('SIGKILL');
    }
    await rm(prefix, { recursive: true, force: true });
  };
  try {
    await waitForPort(listenPort, exited, 30_000);
  } catch (error) {
    const log = await errorLog();
    await stop();
    throw new Error(`nginx did not start: ${(error as Error).message}\n${log}`);
  }
  return { url: `http://127.0.0.1:${listenPort}`, errorLog, stop };
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, exited: Promise<void>, timeoutMs: number): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error('nginx exited');
    if (await accepts(port)) return;
    await delay(50);
  }
  throw new Error(`nothing listened on ${port} after ${timeoutMs} ms`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
