/**
 * What the server does on the main thread with one prompt before any model call (issue 20): the
 * router's text features, the prompt's kind, the cache's cacheability guard and the token
 * estimate, timed at 1, 10, 20, 40 and 200 thousand characters of two shapes: English prose, and
 * letters without a space (the shape of the attacker-style probe).
 *
 *   npm run bench:prompt-work
 *   SIZES=1000,20000 ONLY=features npm run bench:prompt-work
 *   SOURCE_ROOT=/path/to/older/checkout npm run bench:prompt-work     # the same over older code
 *
 * Each line gives wall and CPU milliseconds for one call (the median of REPEATS calls, one call
 * when a call takes over a second). The report goes to stdout (Markdown).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const sourceRoot = process.env.SOURCE_ROOT ?? path.resolve(import.meta.dirname, '..');
const sizes = (process.env.SIZES ?? '1000,10000,20000,40000,200000').split(',').map(Number);
const only = process.env.ONLY?.split(',');
const repeats = Number(process.env.REPEATS ?? 5);

const load = (relative: string) => import(pathToFileURL(path.join(sourceRoot, relative)).href);
const { extractTextFeatures } = await load('src/gateway/routing/text-features.ts');
const { kindOfText } = await load('src/gateway/routing/prompt-kind.ts');
const { isCacheable } = await load('src/gateway/cache/cacheability.ts');
const { estimateTextTokens } = await load('src/gateway/usage/token-usage.ts');

const work: Record<string, (text: string) => unknown> = {
  features: extractTextFeatures,
  kind: kindOfText,
  cacheability: isCacheable,
  tokens: estimateTextTokens,
};

/** Letters without a space from `seed`: each text new to the tokenizer's cache of pieces. */
function lettersWithoutSpaces(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    text += String.fromCharCode(97 + ((state >> 8) % 26));
  }
  return text;
}

function englishProse(length: number, seed: number): string {
  const sentence =
    'Please explain how the billing cycle works, what happens when the wallet runs low, and which model is cheapest. ';
  return `${seed} ${sentence.repeat(Math.ceil(length / sentence.length))}`.slice(0, length);
}

const shapes: Record<string, (length: number, seed: number) => string> = {
  prose: englishProse,
  'no spaces': lettersWithoutSpaces,
};

function timeOnce(run: () => unknown): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  run();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(`Source: ${sourceRoot}\n`);
console.log('| work | shape | characters | wall ms | CPU ms |');
console.log('|---|---|---:|---:|---:|');
for (const [name, run] of Object.entries(work)) {
  if (only && !only.includes(name)) continue;
  for (const [shape, make] of Object.entries(shapes)) {
    for (const size of sizes) {
      // A new text each call: the token count remembers recent texts, the tokenizer recent pieces.
      const texts = Array.from({ length: repeats }, (_, index) => make(size, size * 7 + index * 13 + name.length));
      const first = timeOnce(() => run(texts[0]!));
      const timings = [first];
      if (first.wall < 1_000) for (const text of texts.slice(1)) timings.push(timeOnce(() => run(text)));
      const wall = median(timings.map((timing) => timing.wall));
      const cpu = median(timings.map((timing) => timing.cpu));
      console.log(`| ${name} | ${shape} | ${size.toLocaleString('en')} | ${wall.toFixed(1)} | ${cpu.toFixed(1)} |`);
    }
  }
}
