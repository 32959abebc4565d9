/**
 * Writes the router replay stream of the learning benchmark (docs/benchmarks/learning-replay.md):
 * `node --import tsx scripts/router/build-replay-stream.ts [--lines 10000] [--seed 20251201] [--out FILE]`.
 * Every MT-Bench turn, GSM8K and MMLU item (contaminated prompts dropped), shuffled with a fixed
 * seed, the first N as `{"id","prompt","weak","strong"}` lines (MT-Bench's 1-10 judge scores
 * divided by 10, correctness as 0 or 1), and beside it FILE.meta.jsonl with each line's benchmark
 * and subject, for the report's reference lines. Read from TOKENWISE_DATA_DIR (or ../shared/data)
 * and written under .tmp/: the data is never copied into the repository.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';
import { repositoryRoot } from '../support/shared-data-dir';
import { loadRoutellmItems, type RoutingItem } from './routellm-data';

export const defaultRouterStreamSeed = 20_251_201;
export const defaultRouterStreamPath = path.join(repositoryRoot, '.tmp', 'learning', 'router-stream.jsonl');

/** The score a replay line carries for a model: MT-Bench's judge score on 0-1, correctness as is. */
export function replayScore(item: RoutingItem, model: 'weak' | 'strong'): number {
  const value = model === 'weak' ? item.weakQuality : item.strongQuality;
  return item.benchmark === 'mt-bench' ? value / 10 : value;
}

export async function buildRouterStream(lines: number, seed: number): Promise<RoutingItem[]> {
  const items = shuffled(await loadRoutellmItems(), createSeededRandom(seed));
  if (lines > items.length) throw new Error(`only ${items.length} items, asked for ${lines}`);
  return items.slice(0, lines);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string', default: '10000' },
      seed: { type: 'string', default: String(defaultRouterStreamSeed) },
      out: { type: 'string', default: defaultRouterStreamPath },
    },
  });
  const stream = await buildRouterStream(Number(values.lines), Number(values.seed));
  await mkdir(path.dirname(values.out), { recursive: true });
  const line = (item: RoutingItem) =>
    JSON.stringify({
      id: item.id,
      prompt: item.text,
      weak: replayScore(item, 'weak'),
      strong: replayScore(item, 'strong'),
    });
  await writeFile(values.out, `${stream.map(line).join('\n')}\n`);
  const meta = (item: RoutingItem) =>
    JSON.stringify({ id: item.id, benchmark: item.benchmark, category: item.category ?? item.benchmark });
  await writeFile(`${values.out.replace(/\.jsonl$/, '')}.meta.jsonl`, `${stream.map(meta).join('\n')}\n`);
  const counts = ['mt-bench', 'gsm8k', 'mmlu'].map(
    (name) => `${name} ${stream.filter((item) => item.benchmark === name).length}`,
  );
  process.stderr.write(`wrote ${stream.length} lines (${counts.join(', ')}) to ${values.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
