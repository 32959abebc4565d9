/**
 * Times `router:score` on 10,000 real benchmark prompts (MT-Bench, GSM8K and MMLU mixed with a
 * fixed seed; written to .tmp/router-score-bench.jsonl, never committed):
 * `node --import tsx scripts/router/bench-score.ts [--lines N]`.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';
import { repositoryRoot } from '../support/shared-data-dir';
import { loadRoutellmItems } from './routellm-data';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '10000' } } });
const lineCount = Number.parseInt(values.lines, 10);
const items = shuffled(await loadRoutellmItems(), createSeededRandom(7));
const prompts = Array.from({ length: lineCount }, (_, index) => items[index % items.length]!);
const lengths = prompts.map((item) => item.text.length).sort((first, second) => first - second);
const inputFile = path.join(repositoryRoot, '.tmp', 'router-score-bench.jsonl');
await mkdir(path.dirname(inputFile), { recursive: true });
await writeFile(
  inputFile,
  `${prompts.map((item, index) => JSON.stringify({ id: `p${index}`, prompt: item.text })).join('\n')}\n`,
);

const mix = ['mt-bench', 'gsm8k', 'mmlu']
  .map((name) => `${name} ${prompts.filter((item) => item.benchmark === name).length}`)
  .join(', ');
console.log(
  `${lineCount} prompts (${mix}); characters: mean ${(lengths.reduce((sum, length) => sum + length, 0) / lengths.length).toFixed(0)}, median ${lengths[Math.floor(lengths.length / 2)]}, max ${lengths[lengths.length - 1]}`,
);
console.log(
  `cores ${availableParallelism()}, load average before ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);

const started = performance.now();
const result = await new Promise<{ code: number | null; lines: number; stderr: string }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/router/score.ts', '--input', inputFile], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (lines += chunk.toString().split('\n').length - 1));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('error', reject);
  child.on('close', (code) => resolve({ code, lines, stderr }));
});
const seconds = (performance.now() - started) / 1000;
if (result.code !== 0 || result.lines !== lineCount)
  throw new Error(`router:score failed (exit ${result.code}, ${result.lines} lines): ${result.stderr}`);
const cpuSeconds = Number(/CPU ([\d.]+) s/.exec(result.stderr)?.[1] ?? Number.NaN);
console.log(
  `router:score: ${lineCount} lines in ${seconds.toFixed(1)} s wall (${(lineCount / seconds).toFixed(0)} lines/s), process CPU ${cpuSeconds.toFixed(1)} s over all threads`,
);
console.log(
  `load average after ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' ',
    )}; on ${availableParallelism()} otherwise idle cores the CPU time bounds the wall time from below at ${(cpuSeconds / availableParallelism()).toFixed(1)} s`,
);
