/**
 * `npm run -s router:replay -- --input FILE --sample-rate R [--seed N] [--state-out FILE]`: replays
 * JSON Lines {"id", "prompt", "weak", "strong"} (each model's quality on the prompt, 0-1) through
 * a fresh online router, in order, and writes one line {"id", "score"} per input line to stdout as
 * it goes. Each score comes from the router's state before its line; then, if the seeded sampler
 * picks the line (probability R), the router learns from its labels, as shadow evaluation would.
 * FILE may be "-" (standard input). A bad line stops the run naming the line (exit 1), with nothing
 * more on stdout. Diagnostics go to stderr. Offline: the committed global router and the embedded encoder.
 */
import { writeToStdout } from './stdout-guard';
import { writeFile } from 'node:fs/promises';
import { createRememberingEncoder } from '../../src/gateway/embeddings/remembering-encoder';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { createOnlineRouterState } from '../../src/gateway/routing/learning/online-router';
import type { RouterObservation } from '../../src/gateway/routing/learning/online-router';
import { replayRouterStream, type RouterReplayLine } from '../../src/gateway/routing/learning/router-replay';
import { createPromptRouter } from '../../src/gateway/routing/prompt-router';
import { loadPromptRouterArtifact } from '../../src/gateway/routing/router-artifact';
import { encoderWindow } from '../../src/gateway/routing/routing-text';
import { numberOption, readReplayArguments } from '../support/replay-arguments';
import { openInput, readAhead, readNumberedLines } from '../support/streamed-lines';
import { parseRouterReplayLine } from './replay-input';

const usage =
  'usage: npm run -s router:replay -- --input FILE --sample-rate R [--seed N] [--state-out FILE]   (JSON Lines: {"id": string, "prompt": string, "weak": number, "strong": number})';
/** Lines embedded ahead of the one being answered, when they have already arrived. */
const lookahead = 256;

function fail(message: string): never {
  process.stderr.write(`router:replay: ${message}\n`);
  process.exit(1);
}

async function* parsedLines(input: string): AsyncGenerator<RouterReplayLine> {
  const seenIds = new Set<string>();
  try {
    for await (const line of readNumberedLines(openInput(input))) {
      const parsed = parseRouterReplayLine(line, seenIds);
      if (parsed) yield parsed;
    }
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(/^line \d+:/.test(message) ? `${input} ${message}` : `cannot read ${input}: ${message}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let options: Record<'input' | 'sample-rate' | 'seed' | 'state-out', string>;
  let sampleRate: number;
  let seed: number;
  try {
    options = readReplayArguments(usage, {
      input: { required: true },
      'sample-rate': { required: true },
      seed: { default: '1' },
      'state-out': { default: '' },
    });
    sampleRate = numberOption('sample-rate', options['sample-rate'], 0, 1);
    seed = numberOption('seed', options.seed, 0, 2 ** 32 - 1);
  } catch (error) {
    fail((error as Error).message);
  }

  const staticRouter = createPromptRouter({ artifact: await loadPromptRouterArtifact() });
  const initialState = createOnlineRouterState();
  const pool = createWorkerPoolEncoder();
  // Prompts repeat in real traffic and in replays: each distinct window is embedded once per run.
  const encoder = createRememberingEncoder(pool, { capacity: 50_000 });
  const observations = new WeakMap<RouterReplayLine, Promise<RouterObservation>>();
  const observe = async (line: RouterReplayLine): Promise<RouterObservation> => {
    const window = encoderWindow(line.prompt, initialState.encoder.windowCharacters);
    const [[embedding], [staticScore]] = await Promise.all([
      encoder.embed([window]),
      staticRouter.score([line.prompt]),
    ]);
    return { embedding: embedding!, staticScore: staticScore! };
  };
  let count = 0;
  let finalState = initialState;
  try {
    const ahead = readAhead(parsedLines(options.input), lookahead, (line) => {
      const observation = observe(line);
      observation.catch(() => undefined);
      observations.set(line, observation);
      return observation;
    });
    async function* lines(): AsyncGenerator<RouterReplayLine> {
      for await (const { item } of ahead) yield item;
    }
    const replay = replayRouterStream(lines(), {
      sampleRate,
      seed,
      initialState,
      observe: (line) => observations.get(line) ?? observe(line),
    });
    for (;;) {
      const next = await replay.next();
      if (next.done) {
        finalState = next.value;
        break;
      }
      await writeToStdout(`${JSON.stringify(next.value)}\n`);
      count += 1;
    }
  } catch (error) {
    fail((error as Error).message);
  } finally {
    await pool.close();
  }
  if (options['state-out']) await writeFile(options['state-out'], JSON.stringify(finalState));
  const cpu = process.cpuUsage();
  process.stderr.write(
    `router:replay: ${count} lines, ${finalState.labels} learned, in ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over all threads)\n`,
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
