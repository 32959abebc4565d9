import { lightStem } from './light-stem';
import { analysePrompt, type PromptContent } from './prompt-content';
import { areSynonyms } from './synonym-groups';

/**
 * The check after the similarity search. The sentence encoder scores a question and its
 * one-slot variant high ("poem about cats" / "poem about dogs" 0.81), so a candidate above the
 * threshold is still compared with the query word by word: numbers, names and code identifiers
 * must agree, so must negation, and the content words may differ only by rewording. A rewording
 * changes many words or swaps synonyms; a near miss keeps the sentence and changes one slot.
 * Prompts that share only about half their content words are about different things.
 */
export type VerificationReason =
  | 'match'
  | 'below-threshold'
  | 'different-numbers'
  | 'different-negation'
  | 'different-entities'
  | 'different-content'
  | 'different-topic';

export interface Verification {
  hit: boolean;
  reason: VerificationReason;
  /** The words that made the difference, for logs and the benchmark report. */
  differences?: string[];
}

/** Verifies a candidate the similarity search found for a query. Pure and synchronous. */
export function verifyCandidate(
  query: string,
  candidatePrompt: string,
  similarity: number,
  settings: { similarityThreshold: number },
  options: VerifierOptions = defaultVerifierOptions,
): Verification {
  if (!(similarity >= settings.similarityThreshold)) return { hit: false, reason: 'below-threshold' };
  return compareContent(analysePrompt(query), analysePrompt(candidatePrompt), options);
}

/**
 * Tuning of the content comparison (values measured in docs/benchmarks/cache.md).
 * - `swapContext`: a swapped word rejects the pair when at most this many other content words
 *   differ. Then the pair is one sentence with a slot changed ("poem about cats" / "poem about
 *   dogs"); with more rewording around it, a lone unlisted synonym ("organise" / "arrange") is
 *   the normal case and the similarity threshold decides.
 * - `shortPromptWords`: prompts with at most this many content words may not gain or lose one
 *   ("get rid of fleas" / "get rid of fleas on my rabbit"): in a short prompt an added word is a
 *   qualifier, in a long one it is usually filler.
 */
export interface VerifierOptions {
  swapContext: number;
  shortPromptWords: number;
}

export const defaultVerifierOptions: Readonly<VerifierOptions> = Object.freeze({ swapContext: 0, shortPromptWords: 3 });

/** The word-level comparison on its own (similarity already accepted). */
export function compareContent(query: PromptContent, candidate: PromptContent, options: VerifierOptions = defaultVerifierOptions): Verification {
  const numbers = symmetricDifference(query.numbers, candidate.numbers);
  if (numbers.length > 0) return { hit: false, reason: 'different-numbers', differences: numbers };
  if (query.negations !== candidate.negations) return { hit: false, reason: 'different-negation' };

  const entities = [...uncoveredEntities(query, candidate), ...uncoveredEntities(candidate, query)];
  if (entities.length > 0) return { hit: false, reason: 'different-entities', differences: entities };

  const { swapped, unmatched } = swappedWords(query, candidate);
  if (swapped.length > 0 && unmatched.length - 2 * swapped.length <= options.swapContext) {
    return { hit: false, reason: 'different-content', differences: swapped };
  }
  const shorter = Math.min(new Set(query.contentStems).size, new Set(candidate.contentStems).size);
  if (unmatched.length > 0 && shorter <= options.shortPromptWords) return { hit: false, reason: 'different-content', differences: unmatched };

  for (const [own, other] of [[query, candidate], [candidate, query]] as const) {
    const unshared = unmatchedStems(own.contentStems, other.contentStems);
    const distinct = new Set(own.contentStems).size;
    if (unshared.length >= minUnsharedStems && unshared.length > maxUnsharedShare * distinct) {
      return { hit: false, reason: 'different-topic', differences: unshared };
    }
  }
  return { hit: true, reason: 'match' };
}

/**
 * Two prompts that share only about half their content words are about different things, however
 * close the encoder puts them, even when no single slot is swapped ("lanterns, glaciers, violins,
 * tortoises, harbours" / "violins, tortoises, cactuses, kettles, meadows"). So a pair is rejected
 * when either prompt has more than this share of its distinct content stems unshared with the
 * other (exactly half is still a rewording: "properly converted" / "conversion ... correctly")...
 */
const maxUnsharedShare = 0.5;
/** ...and at least this many: one changed word in a short prompt is a slot, judged by the swap rules above. */
const minUnsharedStems = 2;

/**
 * Content words that one prompt has where the other has a different, non-synonymous word in the
 * same place: "poem about [cats]" / "poem about [dogs]". The prompts are aligned word by word
 * (longest common subsequence, synonyms counting as equal); a stretch where exactly one word
 * stands against one other word is a swapped slot, every other unmatched word is rewording or
 * detail. A word that merely moved (it occurs as often in the other prompt) is not a difference.
 */
function swappedWords(query: PromptContent, candidate: PromptContent): { swapped: string[]; unmatched: string[] } {
  const count = (stems: readonly string[], stem: string) => stems.reduce((total, other) => total + (areSynonyms(stem, other) ? 1 : 0), 0);
  const moved = (stem: string, own: PromptContent, other: PromptContent) => count(other.stemList, stem) >= count(own.stemList, stem);
  const stretches = differingStretches(query.contentStems, candidate.contentStems);
  const swapped: string[] = [];
  const unmatched: string[] = [];
  for (const { removed, added } of stretches) {
    const removedHere = removed.filter((stem) => !moved(stem, query, candidate));
    const addedHere = added.filter((stem) => !moved(stem, candidate, query));
    if (removedHere.length === 1 && addedHere.length === 1) swapped.push(`${removedHere[0]}/${addedHere[0]}`);
    unmatched.push(...removedHere, ...addedHere);
  }
  return { swapped, unmatched };
}

/** The stretches where two word sequences differ, after aligning them on their longest common subsequence. */
function differingStretches(first: readonly string[], second: readonly string[]): { removed: string[]; added: string[] }[] {
  const a = first.slice(0, maxAlignedWords);
  const b = second.slice(0, maxAlignedWords);
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = areSynonyms(a[i]!, b[j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const stretches: { removed: string[]; added: string[] }[] = [];
  let current = { removed: [] as string[], added: [] as string[] };
  const close = () => {
    if (current.removed.length + current.added.length > 0) stretches.push(current);
    current = { removed: [], added: [] };
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && areSynonyms(a[i]!, b[j]!)) {
      close();
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      current.removed.push(a[i]!);
      i += 1;
    } else {
      current.added.push(b[j]!);
      j += 1;
    }
  }
  close();
  return stretches;
}

/** Long prompts are aligned on their first words only: the cost grows with the product of the lengths. */
const maxAlignedWords = 300;

function symmetricDifference(first: Set<string>, second: Set<string>): string[] {
  return [...[...first].filter((value) => !second.has(value)), ...[...second].filter((value) => !first.has(value))];
}

/** Content stems of `own` with no equal or synonymous stem in `other`. */
function unmatchedStems(own: readonly string[], other: readonly string[]): string[] {
  return [...new Set(own)].filter((stem) => !other.some((otherStem) => areSynonyms(stem, otherStem)));
}

/** Names and identifiers of `own` that `other` neither contains in any case nor spells as an acronym. */
function uncoveredEntities(own: PromptContent, other: PromptContent): string[] {
  const expanded = acronymExpansions(own, other);
  return [...own.entities].filter((entity) => {
    if (other.entities.has(entity) || other.allStems.has(entity) || expanded.has(entity)) return false;
    // `Dataset.push_to_hub()` and `push_to_hub` name the same function.
    return ![...other.entities].some((otherEntity) => identifierContains(otherEntity, entity) || identifierContains(entity, otherEntity));
  });
}

function identifierContains(longer: string, shorter: string): boolean {
  if (shorter.length < 3 || !/[./]/.test(longer)) return false;
  return longer.split(/[./]/).at(-1) === shorter;
}

/** Words of `own` that spell out an acronym of `other` ("Hugging Face" for "HF"), and acronyms of `own` that `other` spells out. */
function acronymExpansions(own: PromptContent, other: PromptContent): Set<string> {
  const covered = new Set<string>();
  const spell = (acronyms: Set<string>, words: readonly string[], mark: (acronym: string, window: string[]) => void) => {
    for (const acronym of acronyms) {
      const letters = acronym.toLowerCase();
      for (let start = 0; start + letters.length <= words.length; start += 1) {
        const window = words.slice(start, start + letters.length);
        if (window.map((word) => word[0]).join('') === letters) mark(acronym, window);
      }
    }
  };
  spell(other.acronyms, own.words, (_, window) => window.forEach((word) => covered.add(word).add(lightStem(word))));
  spell(own.acronyms, other.words, (acronym) => covered.add(acronym.toLowerCase()));
  return covered;
}
