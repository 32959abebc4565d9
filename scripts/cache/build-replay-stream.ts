/**
 * Writes the cache replay streams of the learning benchmark (docs/benchmarks/learning-replay.md):
 * `node --import tsx scripts/cache/build-replay-stream.ts [--seed 20251202] [--out-dir DIR]`.
 * The labelled pairs `npm run cache:eval` measures (GPTCache paraphrases, STS 2016 question pairs,
 * near misses made from their questions, unrelated and nearest-other-question pairs), shuffled with
 * a fixed seed, as `{"id","a","b","same"}` lines: `a` the new prompt, `b` the cached one. Three
 * files: the dev half (where the learner's settings were chosen), the held-out half and both, each
 * with a `.meta.jsonl` beside it (kind and split per line). Read from TOKENWISE_DATA_DIR (or
 * ../shared/data) and written under .tmp/: the data is never copied into the repository.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { repositoryRoot, resolveSharedDataDir } from '../support/shared-data-dir';
import type { EvalPair } from './eval-pairs';
import { scoreEvaluationPairs } from './scored-pairs';

export const defaultCacheStreamSeed = 20_251_202;
export const defaultCacheStreamDir = path.join(repositoryRoot, '.tmp', 'learning');

async function writeStream(file: string, pairs: readonly EvalPair[]): Promise<void> {
  const line = (pair: EvalPair) => JSON.stringify({ id: pair.id, a: pair.b, b: pair.a, same: pair.positive });
  await writeFile(file, `${pairs.map(line).join('\n')}\n`);
  const meta = (pair: EvalPair) => JSON.stringify({ id: pair.id, kind: pair.kind, split: pair.split });
  await writeFile(file.replace(/\.jsonl$/, '.meta.jsonl'), `${pairs.map(meta).join('\n')}\n`);
  const positives = pairs.filter((pair) => pair.positive).length;
  process.stderr.write(`wrote ${pairs.length} pairs (${positives} same) to ${file}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: String(defaultCacheStreamSeed) },
      'out-dir': { type: 'string', default: defaultCacheStreamDir },
    },
  });
  const encoder = createWorkerPoolEncoder();
  const evaluation = await scoreEvaluationPairs(resolveSharedDataDir(), encoder).finally(() => encoder.close());
  const pairs = shuffled(evaluation.pairs, createSeededRandom(Number(values.seed)));
  const directory = values['out-dir'];
  await mkdir(directory, { recursive: true });
  await writeStream(path.join(directory, 'cache-stream.jsonl'), pairs);
  await writeStream(
    path.join(directory, 'cache-stream-dev.jsonl'),
    pairs.filter((pair) => pair.split === 'dev'),
  );
  await writeStream(
    path.join(directory, 'cache-stream-held-out.jsonl'),
    pairs.filter((pair) => pair.split === 'held-out'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
