/**
 * argon2id hash cost for candidate parameter sets, with @node-rs/argon2 as the server uses it
 * (parallelism 1). Run on its own with `node --import tsx bench/argon2-bench.ts`; auth-bench runs it too.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { formatNumber, markdownTable, median, percentile } from './support/stats';

// Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read.
const argon2id = 2;

export interface Argon2Parameters {
  memoryKib: number;
  timeCost: number;
  label: string;
}

export const candidateParameters: Argon2Parameters[] = [
  { memoryKib: 19_456, timeCost: 2, label: 'OWASP option 2 (server default)' },
  { memoryKib: 47_104, timeCost: 1, label: 'OWASP option 1' },
  { memoryKib: 12_288, timeCost: 3, label: 'OWASP option 3' },
  { memoryKib: 65_536, timeCost: 3, label: '64 MiB, t=3 (RFC 9106 second choice, p=1)' },
  { memoryKib: 8_192, timeCost: 1, label: 'floor: the least the server accepts (not a recommendation)' },
];

const sequentialSamples = 30;

async function timeHash(parameters: Argon2Parameters): Promise<number> {
  const started = performance.now();
  await hash('Correct-Horse-Battery-9', {
    algorithm: argon2id,
    memoryCost: parameters.memoryKib,
    timeCost: parameters.timeCost,
    parallelism: 1,
  });
  return performance.now() - started;
}

/** Hashes per second with `concurrency` hashes in flight (libuv's pool has 4 threads; the machine's cores decide). */
async function throughput(parameters: Argon2Parameters, concurrency: number, total: number): Promise<number> {
  let remaining = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining-- > 0) await timeHash(parameters);
    }),
  );
  return (total / (performance.now() - started)) * 1000;
}

export async function runArgon2Bench(): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const parameters of candidateParameters) {
    await timeHash(parameters);
    await timeHash(parameters);
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let sample = 0; sample < sequentialSamples; sample++) samples.push(await timeHash(parameters));
    const cpu = process.cpuUsage(cpuBefore);
    // CPU time hardly changes when other work shares the machine; wall-clock time does.
    const cpuMsPerHash = (cpu.user + cpu.system) / 1000 / sequentialSamples;
    const cores = os.availableParallelism();
    const parallelRate = await throughput(parameters, cores, cores * 8);
    rows.push([
      parameters.label,
      `m=${parameters.memoryKib} KiB (${(parameters.memoryKib / 1024).toFixed(0)} MiB), t=${parameters.timeCost}, p=1`,
      formatNumber(median(samples), 1),
      formatNumber(percentile(samples, 90), 1),
      formatNumber(cpuMsPerHash, 1),
      formatNumber(parallelRate, 1),
    ]);
    console.error(
      `  argon2id m=${parameters.memoryKib} t=${parameters.timeCost}: median ${median(samples).toFixed(1)} ms`,
    );
  }
  return markdownTable(
    [
      'parameters',
      'setting',
      'one hash, median ms',
      'p90 ms',
      'CPU ms per hash',
      `hashes/s with ${os.availableParallelism()} in parallel`,
    ],
    rows,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await runArgon2Bench());
}
