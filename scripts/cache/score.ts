/**
 * `npm run -s cache:score -- --input FILE`: reads JSON Lines {"id", "a", "b"} and writes, in
 * input order, one line {"id", "similarity", "hit"} per input: whether the product's cache, with
 * its default settings and guards, answers prompt b with the reply cached for prompt a (same
 * organisation, no earlier turns). Only those lines go to stdout; progress and errors go to
 * stderr, and a bad input line stops the run before any scoring (exit code 1).
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { decideCacheHit } from '../../src/gateway/cache/cache-decision';
import { defaultCacheSettings } from '../../src/gateway/cache/cache-settings';
import { embedPrompts } from '../../src/gateway/cache/prompt-embedding';
import { createLocalSentenceEncoder } from '../../src/gateway/embeddings/local-sentence-encoder';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { parseScoreRequests, type ScoreRequest } from './score-input';

// Keep stdout for the answer lines alone: anything else that writes there (a library saying
// hello on load, a worker thread's output) is sent to stderr instead.
const writeAnswer = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
console.log = console.error;
console.info = console.error;

/** Below this many distinct prompts, starting worker threads costs more than it saves. */
const poolThreshold = 256;

function inputPath(args: readonly string[]): string {
  const index = args.indexOf('--input');
  const inline = args.find((arg) => arg.startsWith('--input='));
  const path = inline ? inline.slice('--input='.length) : index >= 0 ? args[index + 1] : undefined;
  if (!path) throw new Error('usage: npm run -s cache:score -- --input FILE');
  return path;
}

async function similarities(requests: readonly ScoreRequest[]): Promise<number[]> {
  const prompts = requests.flatMap((request) => [request.a, request.b]);
  const distinct = new Set(prompts).size;
  const pool = distinct >= poolThreshold ? createWorkerPoolEncoder({ threads: availableParallelism() }) : undefined;
  try {
    const vectors = await embedPrompts(pool ?? createLocalSentenceEncoder(), prompts);
    return requests.map((_, index) => cosineSimilarity(vectors[2 * index]!, vectors[2 * index + 1]!));
  } finally {
    await pool?.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const file = inputPath(process.argv.slice(2));
  const requests = parseScoreRequests(await readFile(file, 'utf8'), file);
  const scores = await similarities(requests);
  const lines = requests.map((request, index) => {
    const similarity = Math.round(scores[index]! * 1e6) / 1e6;
    const { hit } = decideCacheHit(request.b, { prompt: request.a, similarity }, defaultCacheSettings);
    return `${JSON.stringify({ id: request.id, similarity, hit })}\n`;
  });
  await new Promise<void>((resolve, reject) =>
    writeAnswer(lines.join(''), (error) => (error ? reject(error) : resolve())),
  );
  console.error(`cache:score: ${requests.length} lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(`cache:score: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
