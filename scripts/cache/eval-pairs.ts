import { lightStem } from '../../src/gateway/cache/light-stem';
import { areSynonyms } from './synonym-groups';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import type { LabelledPair, ParaphrasePair } from './cache-datasets';
import {
  changeEntity,
  changeNumber,
  entitySlots,
  flipNegation,
  nounSlots,
  swapNoun,
  type NearMiss,
  type Neighbours,
} from './near-miss-variants';
import { createSeededRandom, shuffled } from './seeded-random';

/**
 * The labelled pairs the cache is measured on. `a` is the prompt whose reply is cached, `b` the
 * new prompt; `positive` says whether b may be answered with a's reply.
 */
export type PairKind =
  | 'paraphrase' // GPTCache origin -> similar
  | 'sts-same' // STS label 4-5
  | 'sts-partial' // STS label 3: "important information differs": counted as a negative
  | 'sts-different' // STS label 0-2
  | 'unrelated' // a GPTCache question and another item's paraphrase, at random
  | 'neighbour' // a GPTCache paraphrase and the most similar *other* GPTCache question
  | `near-miss-${NearMiss['kind']}`;

export type Split = 'dev' | 'held-out';

export interface EvalPair {
  id: string;
  a: string;
  b: string;
  positive: boolean;
  kind: PairKind;
  split: Split;
  /** Near misses only: true when b is the changed paraphrase (reworded and changed), false when it is the changed question itself. */
  reworded?: boolean;
  /** Near misses only: whose text was changed, a human-written STS question or a GPTCache statement. */
  source?: 'sts' | 'gptcache';
}

export const evaluationSeed = 20_240_611;

/** Splits items in two halves by a seeded shuffle. */
function splitOf(count: number, random: () => number): Split[] {
  const splits = new Array<Split>(count);
  shuffled([...Array(count).keys()], random).forEach((item, position) => {
    splits[item] = position < count / 2 ? 'dev' : 'held-out';
  });
  return splits;
}

/**
 * Splits STS rows in two halves by *question*: rows that share a question ("How do I pump up
 * water pressure in my shower?" is asked against three others) go to the same half, so no
 * held-out row repeats a question the dev half was read on. Groups are shuffled, then dealt to
 * whichever half has fewer rows.
 */
function stsSplitOf(rows: readonly LabelledPair[], random: () => number): Split[] {
  const parent = rows.map((_, index) => index);
  const root = (index: number): number => {
    if (parent[index] === index) return index;
    const top = root(parent[index]!);
    parent[index] = top;
    return top;
  };
  const firstRow = new Map<string, number>();
  rows.forEach(({ first, second }, index) => {
    for (const question of [first, second]) {
      const key = question.trim().toLowerCase();
      const seen = firstRow.get(key);
      if (seen === undefined) firstRow.set(key, index);
      else parent[root(index)] = root(seen);
    }
  });
  const groups = new Map<number, number[]>();
  rows.forEach((_, index) => {
    groups.set(root(index), [...(groups.get(root(index)) ?? []), index]);
  });
  const splits = new Array<Split>(rows.length);
  const sizes = { dev: 0, 'held-out': 0 };
  for (const group of shuffled([...groups.values()], random)) {
    const split: Split = sizes.dev <= sizes['held-out'] ? 'dev' : 'held-out';
    sizes[split] += group.length;
    for (const row of group) splits[row] = split;
  }
  return splits;
}

export interface PairSources {
  gptCache: readonly ParaphrasePair[];
  sts: readonly LabelledPair[];
}

/** Words the near-miss generator may swap, with their nearest words of the same kind. */
export async function buildNeighbours(
  sources: PairSources,
  embedWords: (words: string[]) => Promise<Float32Array[]>,
): Promise<Neighbours> {
  const texts = [
    ...sources.gptCache.flatMap((pair) => [pair.origin, pair.similar]),
    ...sources.sts.flatMap((pair) => [pair.first, pair.second]),
  ];
  const entityWords = [...new Set(texts.flatMap((text) => entitySlots(text).map((slot) => slot.word)))].sort();
  const nounWords = [...new Set(texts.flatMap((text) => nounSlots(text).map((slot) => slot.word)))].sort();
  const vectors = await embedWords([...entityWords, ...nounWords]);
  const entityVectors = entityWords.map((_, index) => vectors[index]!);
  const nounVectors = nounWords.map((_, index) => vectors[entityWords.length + index]!);
  const lookup = new Map<string, { words: string[]; vectors: Float32Array[]; index: number }>();
  entityWords.forEach((word, index) => {
    lookup.set(`e:${word}`, { words: entityWords, vectors: entityVectors, index });
  });
  nounWords.forEach((word, index) => {
    lookup.set(`n:${word}`, { words: nounWords, vectors: nounVectors, index });
  });
  const memo = new Map<string, string[]>();

  return (word) => {
    const key = lookup.has(`e:${word}`) ? `e:${word}` : `n:${word}`;
    const known = memo.get(key);
    if (known) return known;
    const entry = lookup.get(key);
    if (!entry) return [];
    const own = entry.vectors[entry.index]!;
    const plural = /s$/.test(word);
    const stem = lightStem(word.replace(/`/g, ''));
    const ranked = entry.words
      .map((other, index) => ({ other, similarity: cosineSimilarity(own, entry.vectors[index]!) }))
      .filter(({ other }) => {
        const otherStem = lightStem(other.replace(/`/g, ''));
        const lowerWord = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        const lowerOther = other.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        // A listed synonym is a paraphrase, not a near miss (the list is small and reviewed; see synonym-groups.ts).
        if (areSynonyms(otherStem, stem) || lowerOther.includes(lowerWord) || lowerWord.includes(lowerOther))
          return false;
        // One word family is not another word: "apply" / "application", "different" / "difference".
        if (
          otherStem.startsWith(stem) ||
          stem.startsWith(otherStem) ||
          (lowerWord.length >= 5 && lowerWord.slice(0, 5) === lowerOther.slice(0, 5))
        )
          return false;
        return key.startsWith('e:') || /s$/.test(other) === plural;
      })
      .sort((first, second) => second.similarity - first.similarity)
      .slice(0, 5)
      .map(({ other }) => other);
    memo.set(key, ranked);
    return ranked;
  };
}

function nearMissesOf(cached: string, base: string, random: () => number, neighbours: Neighbours): NearMiss[] {
  const mustAppearIn = cached === base ? undefined : cached;
  return [
    changeNumber(base, random, mustAppearIn),
    changeEntity(base, random, neighbours, mustAppearIn),
    flipNegation(base),
    swapNoun(base, random, neighbours, mustAppearIn),
  ].filter((variant): variant is NearMiss => variant !== undefined && variant.text !== base && variant.text !== cached);
}

/**
 * Every pair but the 'neighbour' ones (those need the sentence vectors, see neighbourPairs).
 * Reproducible: the same data and seed give the same pairs in the same order.
 */
export function buildEvalPairs(sources: PairSources, neighbours: Neighbours, seed = evaluationSeed): EvalPair[] {
  const random = createSeededRandom(seed);
  const gptSplit = splitOf(sources.gptCache.length, random);
  const stsSplit = stsSplitOf(sources.sts, random);
  const pairs: EvalPair[] = [];
  const add = (pair: Omit<EvalPair, 'id'>) => pairs.push({ id: `${pair.kind}-${pairs.length}`, ...pair });

  sources.gptCache.forEach(({ origin, similar }, item) => {
    add({ a: origin, b: similar, positive: true, kind: 'paraphrase', split: gptSplit[item]! });
  });
  sources.sts.forEach(({ label, first, second }, row) => {
    const kind = label >= 4 ? 'sts-same' : label === 3 ? 'sts-partial' : 'sts-different';
    add({ a: first, b: second, positive: label >= 4, kind, split: stsSplit[row]! });
  });

  for (const split of ['dev', 'held-out'] as const) {
    const items = sources.gptCache.map((_, item) => item).filter((item) => gptSplit[item] === split);
    const partners = shuffled(items, random);
    items.forEach((item) => {
      // A rotation of a shuffled list never maps an item to itself.
      const partner = partners[(partners.indexOf(item) + 1) % partners.length]!;
      if (sources.gptCache[partner]!.origin === sources.gptCache[item]!.origin) return;
      add({
        a: sources.gptCache[item]!.origin,
        b: sources.gptCache[partner]!.similar,
        positive: false,
        kind: 'unrelated',
        split,
      });
    });
  }

  sources.gptCache.forEach(({ origin, similar }, item) => {
    // Half the near misses change the paraphrase (a reworded question with one slot changed), half the question itself.
    const base = random() < 0.5 ? similar : origin;
    for (const variant of nearMissesOf(origin, base, random, neighbours)) {
      add({
        a: origin,
        b: variant.text,
        positive: false,
        kind: `near-miss-${variant.kind}`,
        split: gptSplit[item]!,
        reworded: base !== origin,
        source: 'gptcache',
      });
    }
  });
  const stsQuestions = new Map<string, Split>();
  sources.sts.forEach(({ first, second }, row) => {
    for (const question of [first, second]) if (!stsQuestions.has(question)) stsQuestions.set(question, stsSplit[row]!);
  });
  for (const [question, split] of stsQuestions) {
    for (const variant of nearMissesOf(question, question, random, neighbours)) {
      add({
        a: question,
        b: variant.text,
        positive: false,
        kind: `near-miss-${variant.kind}`,
        split,
        reworded: false,
        source: 'sts',
      });
    }
  }
  return pairs;
}

/**
 * The hardest unrelated pairs, the ones a full cache actually presents: each GPTCache paraphrase
 * against the most similar *other* question of its half (a different text from its own origin).
 */
export function neighbourPairs(pairs: readonly EvalPair[], vectorOf: (text: string) => Float32Array): EvalPair[] {
  const paraphrases = pairs.filter((pair) => pair.kind === 'paraphrase');
  return paraphrases.flatMap((pair, index) => {
    let best: { origin: string; similarity: number } | undefined;
    for (const other of paraphrases) {
      if (other.split !== pair.split || other.a.trim().toLowerCase() === pair.a.trim().toLowerCase()) continue;
      const similarity = cosineSimilarity(vectorOf(pair.b), vectorOf(other.a));
      if (!best || similarity > best.similarity) best = { origin: other.a, similarity };
    }
    return best
      ? [
          {
            id: `neighbour-${index}`,
            a: best.origin,
            b: pair.b,
            positive: false,
            kind: 'neighbour' as const,
            split: pair.split,
          },
        ]
      : [];
  });
}
