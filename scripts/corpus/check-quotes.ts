/**
 * `npm run lint:corpus-quotes [-- <data folder>]`: fails when a test quotes a line of the evaluation
 * corpora (default ../shared/data: the router's and the cache's public data). Evaluation data stays
 * evaluation data: a test built on its sentences would tune the code to them.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shortestQuote = 25;
const testFile = /(\.test\.tsx?$)|(^tests\/)|(\/testing\/)|(\/test\/)/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
      return [full];
    }),
  );
  return nested.flat();
}

/** Every string of the corpora long enough to be a sentence: JSON values, and the cells of CSV/TSV lines. */
function corpusStrings(text: string, into: Set<string>): void {
  const keep = (value: string) => {
    const trimmed = value.trim().replace(/^"|"$/g, '');
    if (trimmed.length >= shortestQuote) into.add(trimmed);
  };
  const walk = (value: unknown): void => {
    if (typeof value === 'string') keep(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
    return;
  } catch {}
  for (const line of text.split('\n')) {
    try {
      walk(JSON.parse(line));
    } catch {
      for (const cell of line.split(/\t|,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) keep(cell);
    }
  }
}

/** The string literals of a source file at least `shortestQuote` long. */
function literalsOf(source: string): string[] {
  const literal = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`]*)`/g;
  return [...source.matchAll(literal)]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(['"`])/g, '$1'))
    .filter((value) => value.length >= shortestQuote);
}

async function main(): Promise<void> {
  const dataFolder = path.resolve(process.argv[2] ?? path.join(root, '../shared/data'));
  if (!(await stat(dataFolder).catch(() => undefined))?.isDirectory()) {
    console.error(`No corpus folder at ${dataFolder}; pass it as the first argument.`);
    process.exit(2);
  }
  const corpus = new Set<string>();
  for (const file of await filesUnder(dataFolder)) {
    if (!/\.(jsonl?|csv|tsv)$/.test(file)) continue;
    corpusStrings(await readFile(file, 'utf8'), corpus);
  }
  const sources = (await filesUnder(root)).filter((file) => {
    const relative = path.relative(root, file);
    return /\.(ts|tsx)$/.test(relative) && testFile.test(relative) && !relative.startsWith('node_modules');
  });
  const quotes: string[] = [];
  for (const file of sources) {
    for (const value of literalsOf(await readFile(file, 'utf8')))
      if (corpus.has(value.trim())) quotes.push(`${path.relative(root, file)}: ${JSON.stringify(value)}`);
  }
  console.log(`${corpus.size} corpus sentences, ${sources.length} test files read.`);
  if (quotes.length > 0) {
    console.error(`Tests quote the evaluation corpora (use invented sentences):\n${quotes.join('\n')}`);
    process.exit(1);
  }
  console.log('No test quotes the evaluation corpora.');
}

await main();
