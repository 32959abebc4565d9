import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** General-English word frequencies (SUBTLEX-US), written by scripts/cache/build-word-frequency.ts. */
export const wordFrequencyArtifactPath = fileURLToPath(
  new URL('./artifacts/english-word-frequency.tsv', import.meta.url),
);

let frequencies: Map<string, number> | undefined;

function load(): Map<string, number> {
  const table = new Map<string, number>();
  for (const line of readFileSync(wordFrequencyArtifactPath, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [word, zipf] = line.split('\t');
    if (word !== undefined && zipf !== undefined) table.set(word, Number(zipf));
  }
  return table;
}

/**
 * How common a word is in general English on the Zipf scale: log10 of its occurrences per
 * billion words, from about 7.5 ("you", "the") down to 2.75 for the least frequent word listed;
 * a word that is not listed (a rare word, a name, a typo) gets 0.
 */
export function zipfFrequency(word: string): number {
  frequencies ??= load();
  return frequencies.get(word.toLowerCase()) ?? 0;
}

/** Whether the word is in the list at all: a word that is not is rare, a name or a misspelling. */
export function isKnownWord(word: string): boolean {
  return zipfFrequency(word) > 0;
}
