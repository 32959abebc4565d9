/**
 * `npm run -s cache:replay -- --input FILE --delta D [--check-rate C] [--judge on|off] [--seed N] [--state-out FILE]`:
 * replays JSON Lines {"id", "a", "b", "same"} (`a` a new prompt, `b` the stored prompt nearest to
 * it, `same` whether b's reply answers a) through a fresh learned cache, in order, and writes one
 * line {"id", "hit", "asked_judge"} per input line to stdout as it goes. Each decision is taken
 * before its line's label is read. Asking the judge (allowed unless `--judge off`) reveals the
 * label and the cache answers with it; a hit served without the judge is checked afterwards with
 * probability C (default 0.1), which reveals its label; a miss reveals nothing. D is the share of
 * wrong answers allowed among hits served without the judge (default policy 0.02). FILE may be "-"
 * (standard input). A bad line stops the run naming the line (exit 1), with nothing more on stdout.
 */
import { writeToStdout } from '../router/stdout-guard';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { defaultCacheLearnerSettings, createCacheLearnerState } from '../../src/gateway/cache/learning/cache-learner';
import type { CacheLookup } from '../../src/gateway/cache/learning/cache-learner';
import { replayCacheStream, type CacheReplayLine } from '../../src/gateway/cache/learning/cache-replay';
import { describePair } from '../../src/gateway/cache/learning/pair-features';
import { normalisePrompt } from '../../src/gateway/cache/normalise-prompt';
import { encoderTextFor } from '../../src/gateway/cache/prompt-embedding';
import { createRememberingEncoder } from '../../src/gateway/embeddings/remembering-encoder';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { numberOption, readReplayArguments } from '../support/replay-arguments';
import { openInput, readAhead, readNumberedLines } from '../support/streamed-lines';
import { parseCacheReplayLine } from './replay-input';

const usage =
  'usage: npm run -s cache:replay -- --input FILE --delta D [--check-rate C] [--judge on|off] [--seed N] [--state-out FILE]   (JSON Lines: {"id": string, "a": string, "b": string, "same": boolean})';
const lookahead = 256;

function fail(message: string): never {
  process.stderr.write(`cache:replay: ${message}\n`);
  process.exit(1);
}

async function* parsedLines(input: string): AsyncGenerator<CacheReplayLine> {
  const seenIds = new Set<string>();
  try {
    for await (const line of readNumberedLines(openInput(input))) {
      const parsed = parseCacheReplayLine(line, seenIds);
      if (parsed) yield parsed;
    }
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(/^line \d+:/.test(message) ? `${input} ${message}` : `cannot read ${input}: ${message}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let options: Record<'input' | 'delta' | 'check-rate' | 'judge' | 'seed' | 'state-out', string>;
  let delta: number;
  let checkRate: number;
  let seed: number;
  try {
    options = readReplayArguments(usage, {
      input: { required: true },
      delta: { default: String(defaultCacheLearnerSettings.delta) },
      'check-rate': { default: '0.1' },
      judge: { default: 'on' },
      seed: { default: '1' },
      'state-out': { default: '' },
    });
    delta = numberOption('delta', options.delta, 0, 1);
    checkRate = numberOption('check-rate', options['check-rate'], 0, 1);
    seed = numberOption('seed', options.seed, 0, 2 ** 32 - 1);
    if (options.judge !== 'on' && options.judge !== 'off') throw new Error(`--judge must be on or off\n${usage}`);
  } catch (error) {
    fail((error as Error).message);
  }

  const initialState = createCacheLearnerState({ ...defaultCacheLearnerSettings, delta });
  const pool = createWorkerPoolEncoder();
  // Stored prompts come back in many lookups: each distinct window is embedded once per run.
  const encoder = createRememberingEncoder(pool, { capacity: 50_000 });
  const lookUp = async (line: CacheReplayLine): Promise<CacheLookup> => {
    const [query, cached] = await encoder.embed([encoderTextFor(line.a), encoderTextFor(line.b)]);
    const similarity = line.a.trim() === '' || line.b.trim() === '' ? 0 : cosineSimilarity(query!, cached!);
    // A stored entry is known by its normalised prompt; a digest keeps the learner's state small.
    const entryKey = createHash('sha256').update(normalisePrompt(line.b)).digest('base64url').slice(0, 22);
    return { entryKey, features: describePair(line.a, line.b, similarity) };
  };
  const lookups = new WeakMap<CacheReplayLine, Promise<CacheLookup>>();
  let count = 0;
  let judged = 0;
  let finalState = initialState;
  try {
    const ahead = readAhead(parsedLines(options.input), lookahead, (line) => {
      const lookup = lookUp(line);
      lookup.catch(() => undefined);
      lookups.set(line, lookup);
      return lookup;
    });
    async function* lines(): AsyncGenerator<CacheReplayLine> {
      for await (const { item } of ahead) yield item;
    }
    const replay = replayCacheStream(lines(), {
      checkRate,
      judgeAllowed: options.judge === 'on',
      seed,
      initialState,
      describe: (line) => lookups.get(line) ?? lookUp(line),
    });
    for (;;) {
      const next = await replay.next();
      if (next.done) {
        finalState = next.value;
        break;
      }
      await writeToStdout(`${JSON.stringify(next.value)}\n`);
      count += 1;
      if (next.value.asked_judge) judged += 1;
    }
  } catch (error) {
    fail((error as Error).message);
  } finally {
    await pool.close();
  }
  if (options['state-out']) await writeFile(options['state-out'], JSON.stringify(finalState));
  const cpu = process.cpuUsage();
  process.stderr.write(
    `cache:replay: ${count} lines, ${judged} judge calls, ${finalState.labels} labels learned, in ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over all threads)\n`,
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
