import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** WordNet synsets of one-word lemmas with their sense ranks, written by scripts/cache/build-synonyms.ts. */
export const synonymArtifactPath = fileURLToPath(new URL('./artifacts/english-synonyms.tsv', import.meta.url));

type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

/**
 * WordNet's own rules (morphy) for the base forms a written word may have as a noun or a verb:
 * "mildews" -> "mildew", "boosting" -> "boost". A word is looked up by these, not by a stem:
 * "clothed" and "cloth" are different lemmas. Morphy's comparative rules are left out ("number"
 * would be a form of the adjective "numb"): an adjective or adverb is looked up as written.
 */
const detachments: Readonly<Record<PartOfSpeech, readonly [string, string][]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [],
  r: [],
};

/** Ranks are at most 8 (the build keeps no more), so a synset and a rank pack into one number. */
const rankBits = 16;

interface SynonymTable {
  /** Part of speech -> lemma -> its synsets, each as synset index * rankBits + the lemma's sense rank there. */
  synsets: Record<PartOfSpeech, Map<string, number[]>>;
  /** "lemmaA lemmaB" (sorted) for lemmas that are antonyms in some sense. */
  antonyms: Set<string>;
}

let table: SynonymTable | undefined;

function load(): SynonymTable {
  const synsets: SynonymTable['synsets'] = { n: new Map(), v: new Map(), a: new Map(), r: new Map() };
  const antonyms = new Set<string>();
  let synsetIndex = 0;
  for (const line of readFileSync(synonymArtifactPath, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('!')) {
      antonyms.add(line.slice(1));
      continue;
    }
    const [pos, ...entries] = line.split(' ');
    const lemmas = synsets[pos as PartOfSpeech];
    for (const entry of entries) {
      const [lemma, rank] = entry.split(':') as [string, string];
      const packed = synsetIndex * rankBits + Number(rank);
      const list = lemmas.get(lemma);
      if (list) list.push(packed);
      else lemmas.set(lemma, [packed]);
    }
    synsetIndex += 1;
  }
  return { synsets, antonyms };
}

/** The lemmas WordNet lists for a written word, each with the synsets of its first `maxSense` senses. */
function lemmasOf(word: string, maxSense: number, { synsets }: SynonymTable): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const pos of Object.keys(detachments) as PartOfSpeech[]) {
    const forms = [
      word,
      ...detachments[pos]
        .filter(([ending]) => word.length > ending.length + 2 && word.endsWith(ending))
        .map(([ending, base]) => word.slice(0, -ending.length) + base),
    ];
    // A doubled consonant before -ing/-ed: "stopping" -> "stop".
    if (pos === 'v' && /([^aeiou])\1(?:ing|ed)$/.test(word)) forms.push(word.replace(/([^aeiou])\1(?:ing|ed)$/, '$1'));
    for (const form of forms) {
      const senses = synsets[pos].get(form)?.filter((entry) => entry % rankBits <= maxSense);
      if (senses?.length)
        found.set(form, [...(found.get(form) ?? []), ...senses.map((entry) => Math.floor(entry / rankBits))]);
    }
  }
  return found;
}

/** A written word's WordNet lemmas and the synsets of their first senses: look a word up once, compare it with many. */
export interface WordSenses {
  word: string;
  lemmas: readonly string[];
  synsets: ReadonlySet<number>;
}

/** Words looked up lately: prompts repeat their words, and a lookup costs a few microseconds. */
const recent = new Map<string, WordSenses>();
const recentLimit = 20_000;

/** The lemmas of a written word (lower-case) and the synsets of their first `maxSense` senses; none when `maxSense` is 0. */
export function wordSenses(word: string, maxSense: number): WordSenses {
  if (maxSense <= 0) return { word, lemmas: [], synsets: new Set() };
  const key = `${maxSense} ${word}`;
  const known = recent.get(key);
  if (known) return known;
  table ??= load();
  const lemmas = lemmasOf(word, maxSense, table);
  const senses = { word, lemmas: [...lemmas.keys()], synsets: new Set([...lemmas.values()].flat()) };
  if (recent.size >= recentLimit) recent.clear();
  recent.set(key, senses);
  return senses;
}

/**
 * Whether two different written words name the same thing in WordNet: a base form of each shares
 * a synset within that form's first senses in the synset's part of speech, and no base form of
 * one is a base form or an antonym of the other.
 */
export function areSynonymSenses(first: WordSenses, second: WordSenses): boolean {
  if (first.word === second.word || first.synsets.size === 0 || second.synsets.size === 0) return false;
  const antonyms = table!.antonyms;
  for (const firstLemma of first.lemmas) {
    for (const secondLemma of second.lemmas) {
      if (firstLemma === secondLemma || antonyms.has([firstLemma, secondLemma].sort().join(' '))) return false;
    }
  }
  return [...second.synsets].some((synset) => first.synsets.has(synset));
}

/** `areSynonymSenses` for two written words, each within its first `maxSense` senses; `maxSense` 0 never finds a synonym. */
export function areWordNetSynonyms(firstWord: string, secondWord: string, maxSense: number): boolean {
  return areSynonymSenses(wordSenses(firstWord, maxSense), wordSenses(secondWord, maxSense));
}
