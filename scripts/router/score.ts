/**
 * `npm run -s router:score -- --input FILE`: reads JSON Lines {"id", "prompt"} and writes one line
 * {"id", "score"} per input, in input order, to stdout and nothing else; a higher score means the
 * prompt needs the strong model more. Diagnostics go to stderr; a bad input line exits 1 naming
 * the line. Offline: the committed artifact (and the embedded encoder, for an artifact trained with one).
 */
import { writeToStdout } from './stdout-guard';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { createPromptRouter } from '../../src/gateway/routing/prompt-router';
import { loadPromptRouterArtifact } from '../../src/gateway/routing/router-artifact';
import { parseScoreRequests, type ScoreRequest } from './score-input';

const usage = 'usage: npm run -s router:score -- --input FILE   (JSON Lines: {"id": string, "prompt": string})';
const chunkSize = 4096;

function fail(message: string): never {
  process.stderr.write(`router:score: ${message}\n`);
  process.exit(1);
}

function readArguments(): string {
  try {
    const { values } = parseArgs({ options: { input: { type: 'string' } }, strict: true, allowPositionals: false });
    if (!values.input) fail(`missing --input\n${usage}`);
    return values.input;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const inputPath = readArguments();
  let text: string;
  try {
    text = await readFile(inputPath, 'utf8');
  } catch (error) {
    fail(`cannot read ${inputPath}: ${(error as Error).message}`);
  }
  let requests: ScoreRequest[];
  try {
    requests = parseScoreRequests(text);
  } catch (error) {
    fail(`${inputPath} ${(error as Error).message}`);
  }

  const artifact = await loadPromptRouterArtifact();
  // A router trained on text features alone (docs/decisions/027) needs no encoder and no worker threads.
  const encoder = artifact.encoder ? createWorkerPoolEncoder() : undefined;
  try {
    const router = createPromptRouter({ encoder, artifact });
    for (let start = 0; start < requests.length; start += chunkSize) {
      const chunk = requests.slice(start, start + chunkSize);
      const scores = await router.score(chunk.map((request) => request.prompt));
      await writeToStdout(
        chunk.map((request, index) => `${JSON.stringify({ id: request.id, score: scores[index] })}\n`).join(''),
      );
    }
  } finally {
    await encoder?.close();
  }
  const cpu = process.cpuUsage();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stderr.write(
    `router:score: scored ${requests.length} prompts in ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s over all threads)\n`,
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
