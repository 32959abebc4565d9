/**
 * The cache half of docs/benchmarks/learning-replay.md:
 * `node --import tsx scripts/cache/replay-report.ts [--command]`. Replays the streams written by
 * build-replay-stream.ts (dev half, held-out half, both) through the learned cache in-process (the
 * functions `cache:replay` runs, on the same similarities, embeddings cached under .tmp/) and
 * prints, beside the product's static threshold: the share of wrong hits, recall, and judge calls
 * per 1,000 lookups; the static threshold's best recall at the learner's precision; what δ and the
 * judge floor trade. `--command` also runs `npm run -s cache:replay` on the full stream, checks
 * that it prints the same answers, and reports its time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decideCacheHit } from '../../src/gateway/cache/cache-decision';
import { defaultCacheSettings } from '../../src/gateway/cache/cache-settings';
import { createCacheLearnerState, defaultCacheLearnerSettings } from '../../src/gateway/cache/learning/cache-learner';
import type { CacheLearnerSettings } from '../../src/gateway/cache/learning/cache-learner-state';
import { replayCacheStream, type CacheReplayLine } from '../../src/gateway/cache/learning/cache-replay';
import { describePair, type PairFeatures } from '../../src/gateway/cache/learning/pair-features';
import { normalisePrompt } from '../../src/gateway/cache/normalise-prompt';
import { encoderTextFor } from '../../src/gateway/cache/prompt-embedding';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { embedWithCache } from '../router/embedding-cache';
import { repositoryRoot } from '../support/shared-data-dir';
import { defaultCacheStreamDir } from './build-replay-stream';

const { values } = parseArgs({ options: { command: { type: 'boolean', default: false } } });
const embeddingCacheDir = path.join(repositoryRoot, '.tmp', 'cache-embeddings');
const checkRate = 0.1;
const seed = 1;

interface PairLine extends CacheReplayLine {
  kind: string;
  similarity: number;
  features: PairFeatures;
}

async function readStream(name: string, vectorOf: (text: string) => Float32Array): Promise<PairLine[]> {
  const file = path.join(defaultCacheStreamDir, `${name}.jsonl`);
  const parse = async (target: string) =>
    (await readFile(target, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const [lines, meta] = await Promise.all([parse(file), parse(file.replace(/\.jsonl$/, '.meta.jsonl'))]);
  return lines.map((raw, index) => {
    const line = raw as unknown as CacheReplayLine;
    const similarity = cosineSimilarity(vectorOf(line.a), vectorOf(line.b));
    return {
      ...line,
      kind: meta[index]!.kind as string,
      similarity,
      features: describePair(line.a, line.b, similarity),
    };
  });
}

const entryKeyOf = (prompt: string) =>
  createHash('sha256').update(normalisePrompt(prompt)).digest('base64url').slice(0, 22);

interface Outcome {
  lookups: number;
  positives: number;
  hits: number;
  wrongHits: number;
  unjudgedHits: number;
  wrongUnjudged: number;
  judgeCalls: number;
  judgeCallsByWindow: number[];
}

async function replay(
  lines: readonly PairLine[],
  settings: CacheLearnerSettings,
  judgeAllowed = true,
): Promise<{ outcome: Outcome; answers: { hit: boolean; asked_judge: boolean }[] }> {
  const outcome: Outcome = {
    lookups: lines.length,
    positives: lines.filter((line) => line.same).length,
    hits: 0,
    wrongHits: 0,
    unjudgedHits: 0,
    wrongUnjudged: 0,
    judgeCalls: 0,
    judgeCallsByWindow: [],
  };
  const byId = new Map(lines.map((line) => [line.id, line]));
  const answers: { hit: boolean; asked_judge: boolean }[] = [];
  const stream = replayCacheStream(lines, {
    checkRate,
    judgeAllowed,
    seed,
    initialState: createCacheLearnerState(settings),
    describe: async (line) => ({ entryKey: entryKeyOf(line.b), features: byId.get(line.id)!.features }),
  });
  for await (const answer of stream) {
    const line = byId.get(answer.id)!;
    const index = answers.length;
    answers.push({ hit: answer.hit, asked_judge: answer.asked_judge });
    if (index % 1000 === 0) outcome.judgeCallsByWindow.push(0);
    if (answer.asked_judge) {
      outcome.judgeCalls += 1;
      outcome.judgeCallsByWindow[outcome.judgeCallsByWindow.length - 1]! += 1;
    }
    if (!answer.hit) continue;
    outcome.hits += 1;
    if (!line.same) outcome.wrongHits += 1;
    if (!answer.asked_judge) {
      outcome.unjudgedHits += 1;
      if (!line.same) outcome.wrongUnjudged += 1;
    }
  }
  return { outcome, answers };
}

interface StaticPoint {
  threshold: number;
  precision: number;
  recall: number;
}

function staticPoint(lines: readonly PairLine[], threshold: number, verifier: boolean): StaticPoint {
  let hits = 0;
  let wrong = 0;
  for (const line of lines) {
    const hit = verifier
      ? decideCacheHit(
          line.a,
          { prompt: line.b, similarity: line.similarity },
          { ...defaultCacheSettings, similarityThreshold: threshold },
        ).hit
      : line.features.gate === 'exact' || (line.features.gate === 'learned' && line.similarity >= threshold);
    if (!hit) continue;
    hits += 1;
    if (!line.same) wrong += 1;
  }
  const positives = lines.filter((line) => line.same).length;
  return { threshold, precision: hits === 0 ? 1 : (hits - wrong) / hits, recall: (hits - wrong) / positives };
}

const sweep = Array.from({ length: 51 }, (_, index) => 0.5 + index * 0.01);

/** The static threshold's best recall among thresholds at least as precise as `precision` (with or without the verifier). */
function staticRecallAt(lines: readonly PairLine[], precision: number): { recall: number; where: string } {
  let best = { recall: 0, where: 'no threshold is that precise' };
  for (const verifier of [true, false])
    for (const threshold of sweep) {
      const point = staticPoint(lines, threshold, verifier);
      if (point.precision >= precision && point.recall > best.recall)
        best = { recall: point.recall, where: `${verifier ? 'verifier' : 'encoder alone'} at ${threshold.toFixed(2)}` };
    }
  return best;
}

const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
const perThousand = (count: number, lookups: number) => ((count / lookups) * 1000).toFixed(0);

function summaryRow(name: string, outcome: Outcome): string[] {
  const precision = outcome.hits === 0 ? 1 : (outcome.hits - outcome.wrongHits) / outcome.hits;
  return [
    name,
    `${outcome.wrongHits}/${outcome.hits} (${percent(outcome.hits === 0 ? 0 : outcome.wrongHits / outcome.hits)})`,
    `${outcome.wrongUnjudged}/${outcome.unjudgedHits}`,
    perThousand(outcome.wrongHits, outcome.lookups),
    percent(precision),
    percent((outcome.hits - outcome.wrongHits) / outcome.positives),
    perThousand(outcome.judgeCalls, outcome.lookups),
  ];
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

const outcomeHeader = [
  'cache',
  'wrong hits / hits',
  'wrong / hits without the judge',
  'wrong hits per 1,000 lookups',
  'precision',
  'recall',
  'judge calls per 1,000 lookups',
];

async function runCommand(
  file: string,
): Promise<{ answers: { hit: boolean; asked_judge: boolean }[]; seconds: number; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '-s', 'cache:replay', '--', '--input', file, '--delta', '0.02', '--seed', String(seed)],
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
      if (code !== 0) reject(new Error(`cache:replay exited ${code}: ${stderr}`));
      const answers = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { hit: boolean; asked_judge: boolean });
      resolve({ answers, seconds: (performance.now() - started) / 1000, stderr: stderr.trim() });
    });
  });
}

async function main(): Promise<void> {
  const names = ['cache-stream-dev', 'cache-stream-held-out', 'cache-stream'];
  const texts = new Set<string>();
  for (const name of names)
    for (const line of (await readFile(path.join(defaultCacheStreamDir, `${name}.jsonl`), 'utf8')).trim().split('\n')) {
      const parsed = JSON.parse(line) as CacheReplayLine;
      texts.add(parsed.a).add(parsed.b);
    }
  const distinct = [...texts];
  const encoder = createWorkerPoolEncoder();
  const vectors = await embedWithCache(
    encoder,
    distinct.map((text) => encoderTextFor(text)),
    embeddingCacheDir,
  ).finally(() => encoder.close());
  const vectorByText = new Map(distinct.map((text, index) => [text, vectors[index]!]));
  const vectorOf = (text: string) => vectorByText.get(text)!;
  const out: string[] = [];
  const defaults = defaultCacheLearnerSettings;

  for (const [name, label] of [
    ['cache-stream-dev', 'dev half (settings chosen here)'],
    ['cache-stream-held-out', 'held-out half'],
    ['cache-stream', 'both halves'],
  ] as const) {
    const lines = await readStream(name, vectorOf);
    const { outcome } = await replay(lines, defaults);
    const positives = outcome.positives;
    const staticDefault = staticPoint(lines, defaultCacheSettings.similarityThreshold, true);
    const precision = outcome.hits === 0 ? 1 : (outcome.hits - outcome.wrongHits) / outcome.hits;
    const staticAtPrecision = staticRecallAt(lines, precision);
    out.push(`## Cache, ${label}: ${lines.length} lookups, ${positives} answerable (same question)`, '');
    const staticRow = [
      `static: verifier at ${defaultCacheSettings.similarityThreshold} (the product today)`,
      '-',
      '-',
      '-',
      percent(staticDefault.precision),
      percent(staticDefault.recall),
      '0',
    ];
    const rows = [summaryRow(`learned, δ ${defaults.delta}, judge floor ${defaults.judgeFloor}`, outcome), staticRow];
    for (const delta of [0.05, 0.1])
      rows.push(summaryRow(`learned, δ ${delta}`, (await replay(lines, { ...defaults, delta })).outcome));
    for (const judgeFloor of [0.2, 0.35, 0.65, 0.8])
      rows.push(
        summaryRow(`learned, judge floor ${judgeFloor}`, (await replay(lines, { ...defaults, judgeFloor })).outcome),
      );
    rows.push(summaryRow('learned, no judge allowed', (await replay(lines, defaults, false)).outcome));
    out.push(table(outcomeHeader, rows), '');
    out.push(
      `Static threshold's best recall at the learner's precision (${percent(precision)}), any threshold 0.50-1.00 with or without the verifier: ${percent(staticAtPrecision.recall)} (${staticAtPrecision.where}); the product's static setting: ${percent(staticDefault.recall)} at ${percent(staticDefault.precision)}.`,
      `Judge calls per 1,000 lookups, each window of 1,000 lookups in order: ${outcome.judgeCallsByWindow.map((count, index) => perThousand(count, Math.min(1000, lines.length - index * 1000))).join(', ')}.`,
      '',
    );
    const kinds = [...new Set(lines.map((line) => line.kind))].sort();
    const { answers } = await replay(lines, defaults);
    out.push(
      table(
        ['kind of pair', 'lookups', 'same', 'hits (learned)', 'judged', 'hits (static)'],
        kinds.map((kind) => {
          const indices = lines.map((line, index) => (line.kind === kind ? index : -1)).filter((index) => index >= 0);
          const staticHits = indices.filter(
            (index) =>
              decideCacheHit(
                lines[index]!.a,
                { prompt: lines[index]!.b, similarity: lines[index]!.similarity },
                defaultCacheSettings,
              ).hit,
          ).length;
          return [
            kind,
            String(indices.length),
            String(indices.filter((index) => lines[index]!.same).length),
            String(indices.filter((index) => answers[index]!.hit).length),
            String(indices.filter((index) => answers[index]!.asked_judge).length),
            String(staticHits),
          ];
        }),
      ),
      '',
    );
    if (values.command && name === 'cache-stream') {
      const run = await runCommand(path.join(defaultCacheStreamDir, `${name}.jsonl`));
      const differing = run.answers.filter(
        (answer, index) => answer.hit !== answers[index]!.hit || answer.asked_judge !== answers[index]!.asked_judge,
      ).length;
      out.push(
        `### cache:replay on the full stream: ${run.answers.length} lines in ${run.seconds.toFixed(0)} s wall; ${run.stderr}`,
        `Answers differing from the in-process replay: ${differing}.`,
        '',
      );
    }
    process.stderr.write(`reported ${name}\n`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
