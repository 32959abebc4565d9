/**
 * A throwaway Debian PostgreSQL server for tests: `initdb` into a temporary folder, start on a free
 * port, create the test database, and remove everything on stop(). PostgreSQL refuses to run as
 * root, so as root the server commands run as the `postgres` user.
 *
 * CLI: `node --import tsx scripts/postgres-harness.ts` prints the URL and keeps the server until Ctrl-C.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const databaseName = 'tokenwise_test';
const postgresRoot = '/usr/lib/postgresql';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/tokenwise_test */
  url: string;
  /** Fast shutdown, then the data folder is removed. Safe to call twice. */
  stop(): Promise<void>;
}

export type PostgresStartResult = { ok: true; server: PostgresServer } | { ok: false; reason: string };

/** Starts a server, or returns undefined after logging a one-line reason (missing binaries, failed start). */
export async function startPostgres(log: (line: string) => void = console.warn): Promise<PostgresServer | undefined> {
  const result = await tryStartPostgres();
  if (result.ok) return result.server;
  log(`PostgreSQL unavailable: ${result.reason}`);
  return undefined;
}

/** Like startPostgres, but hands the reason back instead of logging it. */
export async function tryStartPostgres(): Promise<PostgresStartResult> {
  const binDir = await findNewestBinDir();
  if (!binDir) return { ok: false, reason: `no PostgreSQL server binaries under ${postgresRoot}/*/bin` };
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await lookUpPostgresUser() : undefined;
  if (asRoot && !owner)
    return { ok: false, reason: 'running as root and there is no `postgres` user to run the server as' };

  // As root the folder must be reachable by `postgres`: /tmp is, a private TMPDIR may not be.
  const folder = await mkdtemp(path.join(owner ? '/tmp' : os.tmpdir(), 'tokenwise-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  if (owner) await chown(folder, owner.uid, owner.gid);
  const serverCommand = (program: string, args: string[]) => {
    const command = [path.join(binDir, program), ...args];
    return owner
      ? run('su', ['postgres', '-s', '/bin/bash', '-c', command.map(shellQuote).join(' ')])
      : run(command[0]!, command.slice(1));
  };

  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await serverCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    }
    await rm(folder, { recursive: true, force: true });
  };

  try {
    await serverCommand('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    // A free port can be taken between probing and binding; a second try covers that race.
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await findFreePort();
      // Durability is pointless for a throwaway test database; turning it off makes tests faster.
      const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      try {
        await serverCommand('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
        started = true;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
    await run(path.join(binDir, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', databaseName]);
    return { ok: true, server: { url: `postgres://postgres@127.0.0.1:${port}/${databaseName}`, stop } };
  } catch (error) {
    const serverLog = await readFile(logFile, 'utf8').catch(() => '');
    await stop();
    return { ok: false, reason: describeFailure(error, serverLog) };
  }
}

async function findNewestBinDir(): Promise<string | undefined> {
  const versions = await readdir(postgresRoot).catch(() => [] as string[]);
  return versions
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(postgresRoot, version, 'bin'))
    .find((binDir) => ['initdb', 'pg_ctl', 'createdb'].every((program) => existsSync(path.join(binDir, program))));
}

async function lookUpPostgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

function findFreePort(): Promise<number> {
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

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

function describeFailure(error: unknown, serverLog: string): string {
  const details = error as { stderr?: string; message?: string };
  const lastServerLine = serverLog.trim().split('\n').at(-1);
  const text = [details.stderr?.trim(), lastServerLine].filter(Boolean).join(' | ') || details.message || String(error);
  return text.replace(/\s+/g, ' ').slice(0, 400);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startPostgres();
  if (!server) process.exit(1);
  console.log(server.url);
  console.log('PostgreSQL is running; Ctrl-C stops it and removes its data.');
  const shutDown = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);
  setInterval(() => undefined, 1 << 30);
}
