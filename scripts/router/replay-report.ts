/**
 * The router half of docs/benchmarks/learning-replay.md:
 * `node --import tsx scripts/router/replay-report.ts [--stream FILE] [--command] [--checks]`.
 * Replays the stream written by build-replay-stream.ts through the online router in-process (the
 * same functions `router:replay` runs, on the same embeddings, cached under .tmp/), and prints
 * APGR on the last third beside the global router, the random router and routers that know more
 * (each benchmark's or MMLU subject's exact mean gain, the per-item oracle, and the subject's gain
 * learned online from the same labels), and the curve of APGR against labels seen.
 * `--command` also runs `npm run -s router:replay` on the file, checks that it prints the same
 * scores, and reports its time. `--checks` adds other sample rates, other shuffles of the same
 * data and the design streams (GSM8K + MT-Bench) and test streams (MMLU) the settings were chosen on.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import type { RouterObservation } from '../../src/gateway/routing/learning/online-router';
import { replayRouterStream, type RouterReplayLine } from '../../src/gateway/routing/learning/router-replay';
import { qualityCostCurve, summariseCurve } from '../../src/gateway/routing/routing-metrics';
import { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';
import { repositoryRoot } from '../support/shared-data-dir';
import { defaultRouterStreamPath, replayScore } from './build-replay-stream';
import { routerObservations } from './replay-observations';
import { oracleScores, randomScores, subjectLearnedOnlineScores, type ReferenceLine } from './replay-references';
import { loadRoutellmItems, type RoutingItem } from './routellm-data';

const { values } = parseArgs({
  options: {
    stream: { type: 'string', default: defaultRouterStreamPath },
    command: { type: 'boolean', default: false },
    checks: { type: 'boolean', default: false },
  },
});
const sampleRate = 0.1;
const seed = 1;

interface StreamLine extends RouterReplayLine, ReferenceLine {}

async function readStream(file: string): Promise<StreamLine[]> {
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RouterReplayLine);
  const metaFile = file.replace(/\.jsonl$/, '.meta.jsonl');
  const meta = (await readFile(metaFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { benchmark: string; category: string });
  return lines.map((line, index) => ({ ...line, ...meta[index]! }));
}

function apgr(lines: readonly ReferenceLine[], scores: readonly number[]): number {
  const outcomes = lines.map((line, index) => ({
    score: scores[index]!,
    weakQuality: line.weak,
    strongQuality: line.strong,
  }));
  return summariseCurve(qualityCostCurve(outcomes), outcomes).apgr;
}

const lastThird = <T>(values: readonly T[]): T[] => values.slice(Math.floor((values.length * 2) / 3));

async function replayScores(
  lines: readonly StreamLine[],
  observations: ReadonlyMap<string, RouterObservation>,
  rate: number,
): Promise<number[]> {
  const scores: number[] = [];
  const replay = replayRouterStream(lines, {
    sampleRate: rate,
    seed,
    observe: async (line) => observations.get(line.prompt)!,
  });
  for await (const answer of replay) scores.push(answer.score);
  return scores;
}

function labelsSeenBefore(count: number, rate: number): number[] {
  const sampler = createSeededRandom(seed);
  let seen = 0;
  return Array.from({ length: count }, () => {
    const before = seen;
    if (sampler() < rate) seen += 1;
    return before;
  });
}

function table(header: string[], rows: (string | number)[][]): string {
  const cells = (row: (string | number)[]) =>
    `| ${row.map((cell) => (typeof cell === 'number' ? cell.toFixed(3) : cell)).join(' | ')} |`;
  return [cells(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(cells)].join('\n');
}

async function runCommand(file: string): Promise<{ scores: number[]; seconds: number; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'run',
        '-s',
        'router:replay',
        '--',
        '--input',
        file,
        '--sample-rate',
        String(sampleRate),
        '--seed',
        String(seed),
      ],
      {
        cwd: repositoryRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`router:replay exited ${code}: ${stderr}`));
      const scores = stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { score: number }).score);
      resolve({ scores, seconds: (performance.now() - started) / 1000, stderr: stderr.trim() });
    });
  });
}

async function main(): Promise<void> {
  const lines = await readStream(values.stream);
  const encoder = createWorkerPoolEncoder();
  const everything = values.checks ? await loadRoutellmItems() : [];
  const prompts = [...new Set([...lines.map((line) => line.prompt), ...everything.map((item) => item.text)])];
  const computed = await routerObservations(prompts, encoder).finally(() => encoder.close());
  const observations = new Map(prompts.map((prompt, index) => [prompt, computed[index]!]));
  const learned = await replayScores(lines, observations, sampleRate);
  const staticScores = lines.map((line) => observations.get(line.prompt)!.staticScore);
  const oracles = oracleScores(lines);
  const last = lastThird(lines);
  const out: string[] = [];
  const labels = labelsSeenBefore(lines.length, sampleRate);
  out.push(
    `## Router: ${lines.length} lines, ${sampleRate * 100}% sampled (seed ${seed}); last third = lines ${lines.length - last.length + 1}-${lines.length}, after ${labels[lines.length - last.length]} labels`,
    '',
  );
  out.push(
    table(
      ['router', 'APGR, last third'],
      [
        ['online router (learned)', apgr(last, lastThird(learned))],
        ['global router (static, trained on these benchmarks)', apgr(last, lastThird(staticScores))],
        ['random scores (seeded)', apgr(last, lastThird(randomScores(lines.length, 7)))],
        ['knows each benchmark, exact mean gains', apgr(last, lastThird(oracles.benchmark))],
        ['knows each MMLU subject, exact mean gains', apgr(last, lastThird(oracles.subject))],
        [
          'knows each MMLU subject, gains learned from the same labels',
          apgr(last, lastThird(subjectLearnedOnlineScores(lines, sampleRate, seed))),
        ],
        ['per-item oracle', apgr(last, lastThird(oracles.item))],
      ],
    ),
    '',
  );
  const window = 1000;
  const curveRows: (string | number)[][] = [];
  for (let start = 0; start + window <= lines.length; start += window) {
    const slice = lines.slice(start, start + window);
    curveRows.push([
      `${start + 1}-${start + window}`,
      String(labels[start]),
      apgr(slice, learned.slice(start, start + window)),
      apgr(slice, staticScores.slice(start, start + window)),
    ]);
  }
  out.push(
    '### APGR against labels seen (each window of 1,000 lines)',
    '',
    table(['lines', 'labels seen before', 'online router', 'global router'], curveRows),
    '',
  );

  if (values.command) {
    const run = await runCommand(values.stream);
    const largest = Math.max(...run.scores.map((score, index) => Math.abs(score - learned[index]!)));
    out.push(
      `### router:replay on the file: ${run.scores.length} lines in ${run.seconds.toFixed(0)} s wall; ${run.stderr}`,
      `Largest difference from the in-process scores: ${largest.toExponential(2)}.`,
      '',
    );
  }

  if (values.checks) {
    const checkRows: (string | number)[][] = [];
    for (const rate of [0.05, 0.2, 0.3, 1]) {
      const scores = await replayScores(lines, observations, rate);
      checkRows.push([
        `this stream, ${rate * 100}% sampled`,
        apgr(last, lastThird(scores)),
        apgr(last, lastThird(staticScores)),
        apgr(last, lastThird(subjectLearnedOnlineScores(lines, rate, seed))),
      ]);
    }
    const asLines = (items: readonly RoutingItem[]): StreamLine[] =>
      items.map((item) => ({
        id: item.id,
        prompt: item.text,
        weak: replayScore(item, 'weak'),
        strong: replayScore(item, 'strong'),
        benchmark: item.benchmark,
        category: item.category ?? item.benchmark,
      }));
    const streams: [string, StreamLine[]][] = [
      ...[101, 102, 103, 104].map((shuffle): [string, StreamLine[]] => [
        `all three benchmarks, shuffle ${shuffle}`,
        asLines(shuffled(everything, createSeededRandom(shuffle)).slice(0, 10_000)),
      ]),
      ...[1, 2, 3, 4, 5].map((shuffle): [string, StreamLine[]] => [
        `design: GSM8K + MT-Bench, shuffle ${shuffle}`,
        asLines(
          shuffled(
            everything.filter((item) => item.benchmark !== 'mmlu'),
            createSeededRandom(shuffle),
          ),
        ),
      ]),
      ...[4, 5].map((shuffle): [string, StreamLine[]] => [
        `test: MMLU, shuffle ${shuffle}`,
        asLines(
          shuffled(
            everything.filter((item) => item.benchmark === 'mmlu'),
            createSeededRandom(shuffle),
          ).slice(0, 10_000),
        ),
      ]),
    ];
    for (const [name, stream] of streams) {
      const scores = await replayScores(stream, observations, sampleRate);
      const streamLast = lastThird(stream);
      checkRows.push([
        `${name} (${stream.length} lines), 10% sampled`,
        apgr(streamLast, lastThird(scores)),
        apgr(streamLast, lastThird(stream.map((line) => observations.get(line.prompt)!.staticScore))),
        apgr(streamLast, lastThird(subjectLearnedOnlineScores(stream, sampleRate, seed))),
      ]);
      process.stderr.write(`checked ${name}\n`);
    }
    out.push(
      '### Checks: other sample rates, other shuffles, the design and test streams (APGR, last third)',
      '',
      table(['stream', 'online router', 'global router', 'subject gains learned online'], checkRows),
      '',
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
