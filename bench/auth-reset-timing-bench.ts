/**
 * Does the answer to POST /api/auth/password-reset/request tell, by its time, whether the address
 * has an account? Times the answer for a known and for unknown addresses on the real server
 * (embedded PGlite, e-mails to the outbox), one request at a time.
 *
 *   npm run bench:auth-reset-timing             # 300 requests of each kind
 *   REQUESTS=100 npm run bench:auth-reset-timing
 *
 * Known and unknown requests are shuffled (seeded), so neither kind always follows the other: a
 * known address's e-mail is written after its answer and may slow whichever request comes next.
 * The reset limits are raised so every known request really sends its e-mail.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSeededRandom } from '../src/gateway/routing/training/seeded-random';
import { progress } from './support/measure';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, markdownTable, median, percentile } from './support/stats';

const requestsPerKind = Number(process.env.REQUESTS ?? 300);
const warmUpRequests = 30;
type Kind = 'known' | 'unknown';

async function post(server: ServerProcess, pathname: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function signUp(server: ServerProcess): Promise<string> {
  const username = `reset-bench-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const answer = await post(server, '/auth/signup', {
    username,
    email,
    password: 'Secret123!bench',
    org_name: 'Reset bench',
  });
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}: ${answer.text}`);
  return email;
}

function shuffledKinds(count: number, seed: number): Kind[] {
  const random = createSeededRandom(seed);
  const kinds: Kind[] = [...Array<Kind>(count).fill('known'), ...Array<Kind>(count).fill('unknown')];
  for (let index = kinds.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [kinds[index], kinds[other]] = [kinds[other]!, kinds[index]!];
  }
  return kinds;
}

interface Sample {
  kind: Kind;
  previous: Kind | undefined;
  ms: number;
}

async function timeRequests(server: ServerProcess, knownEmail: string, kinds: Kind[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  const bodies = new Set<string>();
  for (const [index, kind] of kinds.entries()) {
    const email = kind === 'known' ? knownEmail : `nobody-${index}-${Date.now().toString(36)}@example.com`;
    const started = performance.now();
    const answer = await post(server, '/auth/password-reset/request', { email });
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`reset request answered ${answer.status}: ${answer.text}`);
    bodies.add(answer.text);
    samples.push({ kind, previous: kinds[index - 1], ms });
  }
  if (bodies.size !== 1) throw new Error(`the answers differ: ${[...bodies].join(' / ')}`);
  return samples;
}

function row(label: string, times: number[]): (string | number)[] {
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return [
    label,
    times.length,
    formatNumber(median(times), 2),
    formatNumber(percentile(times, 95), 2),
    formatNumber(percentile(times, 99), 2),
    formatNumber(mean, 2),
  ];
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-reset-bench-'));
  const loadBefore = describeLoad();
  try {
    const server = await startServerProcess({
      dataDir: path.join(scratch, 'data'),
      environment: {
        LOG_LEVEL: 'warn',
        LOCAL_MODEL_ENABLED: 'false',
        PASSWORD_RESET_MAX_PER_ADDRESS: '1000000',
        PASSWORD_RESET_MAX_PER_EMAIL: '1000000',
      },
    });
    let samples: Sample[];
    try {
      const knownEmail = await signUp(server);
      progress('warming up');
      await timeRequests(server, knownEmail, shuffledKinds(warmUpRequests / 2, 1));
      progress(`timing ${requestsPerKind} requests of each kind`);
      samples = await timeRequests(server, knownEmail, shuffledKinds(requestsPerKind, 2));
    } finally {
      await server.stop();
    }
    const times = (keep: (sample: Sample) => boolean) => samples.filter(keep).map((sample) => sample.ms);

    console.log(
      `Password-reset answer time, ${new Date().toISOString()}, ${requestsPerKind} requests of each kind, one at a time`,
    );
    console.log(`Machine: ${describeMachine()}`);
    console.log(`Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${describeLoad()}\n`);
    console.log(
      markdownTable(
        ['address', 'requests', 'median ms', 'p95 ms', 'p99 ms', 'mean ms'],
        [
          row(
            'known (e-mail sent)',
            times((sample) => sample.kind === 'known'),
          ),
          row(
            'unknown',
            times((sample) => sample.kind === 'unknown'),
          ),
        ],
      ),
    );
    console.log('\nThe same requests by what came just before (a known address leaves its e-mail to be written):\n');
    console.log(
      markdownTable(
        ['request after', 'requests', 'median ms', 'p95 ms', 'p99 ms', 'mean ms'],
        [
          row(
            'a known address',
            times((sample) => sample.previous === 'known'),
          ),
          row(
            'an unknown address',
            times((sample) => sample.previous === 'unknown'),
          ),
        ],
      ),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
