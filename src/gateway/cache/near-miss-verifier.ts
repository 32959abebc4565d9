import { lightStem } from './light-stem';
import { analysePrompt, type PromptContent } from './prompt-content';
import { questionIntent } from './question-intent';
import { isSpellingVariant } from './spelling-variant';
import { zipfFrequency } from './word-frequency';
import { areSynonymSenses, wordSenses } from './word-synonyms';

/**
 * The check after the similarity search. The sentence encoder scores a question and its
 * one-slot variant high ("poem about cats" / "poem about dogs" 0.81, "How do I learn Java?" /
 * "How do I learn Python?" higher still), so a candidate above the threshold must also *agree
 * on the prompt's words*: every number, negation, name and code identifier of each prompt must
 * appear in the other, and so must every content word but one (as the same word, an inflection,
 * a spelling variant, or a WordNet synonym in both words' first two senses: "mold" / "mildew";
 * the hand-written synonym list of decision 010 served wrong answers in near misses and helped
 * no human-labelled pair). One word lets a question add "really" or "gas furnace"; a second would
 * let it swap one word for another, which is what a near miss does ("hot water" / "cold water")
 * and what the encoder cannot tell from a synonym. Measured on human-labelled question pairs in
 * docs/benchmarks/cache.md (decision 026).
 */
export type VerificationReason =
  | 'match'
  | 'below-threshold'
  | 'different-numbers'
  | 'different-negation'
  | 'different-question'
  | 'different-entities'
  | 'different-content';

export interface Verification {
  hit: boolean;
  reason: VerificationReason;
  /** The words that made the difference, for logs and the benchmark report. */
  differences?: string[];
}

/** The verifier's checks, each of which can be switched off to measure what it contributes (cache:eval). */
export type VerifierRule = 'numbers' | 'negation' | 'question' | 'entities' | 'content-words';

const verifierRules: readonly VerifierRule[] = ['numbers', 'negation', 'question', 'entities', 'content-words'];

/**
 * - `maxUnmatchedWords`: how many content words, both prompts counted, may have no match in the
 *   other prompt (`content-words`).
 * - `unmatchedWordMinZipf`: an unmatched word must be at least this common in general English
 *   (Zipf scale, word-frequency.ts); 0 lets any word be the one. Measured, not shipped: on the
 *   human-labelled pairs a rare added word ("tablature", "GFCI outlet") was as often harmless as
 *   a common one ("hot water") was not.
 * - `spellingVariants`: whether a misspelling one edit away counts as a match (spelling-variant.ts).
 * - `synonymSenses`: an unmatched word of one prompt and an unmatched word of the other that share
 *   a WordNet synset within each word's first this-many senses count as matched (word-synonyms.ts);
 *   0 takes no synonym.
 */
export interface VerifierOptions {
  maxUnmatchedWords: number;
  unmatchedWordMinZipf: number;
  spellingVariants: boolean;
  synonymSenses: number;
  rules: readonly VerifierRule[];
}

export const defaultVerifierOptions: Readonly<VerifierOptions> = Object.freeze({
  maxUnmatchedWords: 1,
  unmatchedWordMinZipf: 0,
  spellingVariants: true,
  // Chosen on the dev half among 1, 2, 3 and 5 senses (docs/benchmarks/cache.md, decision 026).
  synonymSenses: 2,
  rules: verifierRules,
});

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

/** The word-level comparison on its own (similarity already accepted). */
export function compareContent(
  query: PromptContent,
  candidate: PromptContent,
  options: VerifierOptions = defaultVerifierOptions,
): Verification {
  const applies = (rule: VerifierRule) => options.rules.includes(rule);
  const numbers = symmetricDifference(query.numbers, candidate.numbers);
  if (applies('numbers') && numbers.length > 0)
    return { hit: false, reason: 'different-numbers', differences: numbers };
  if (applies('negation') && query.negations !== candidate.negations)
    return { hit: false, reason: 'different-negation' };
  const [asked, answered] = [questionIntent(query.words), questionIntent(candidate.words)];
  if (applies('question') && asked && answered && asked !== answered)
    return { hit: false, reason: 'different-question', differences: [asked, answered] };

  const entities = [...uncoveredEntities(query, candidate), ...uncoveredEntities(candidate, query)];
  if (applies('entities') && entities.length > 0)
    return { hit: false, reason: 'different-entities', differences: entities };

  const unmatched = unmatchedContentWords(query, candidate, options);
  const tooRare = unmatched.some((word) => zipfFrequency(word) < options.unmatchedWordMinZipf);
  if (applies('content-words') && (unmatched.length > options.maxUnmatchedWords || tooRare))
    return { hit: false, reason: 'different-content', differences: unmatched };
  return { hit: true, reason: 'match' };
}

/** Content words of either prompt that the other does not match, query's first. */
export function unmatchedContentWords(
  query: PromptContent,
  candidate: PromptContent,
  options: Pick<VerifierOptions, 'spellingVariants' | 'synonymSenses'> = defaultVerifierOptions,
): string[] {
  const own = unmatchedWords(query, candidate, options);
  const other = unmatchedWords(candidate, query, options);
  if (options.synonymSenses > 0 && own.length > 0 && other.length > 0) {
    // A word swapped for its synonym is matched, one for one: "mold" / "mildew".
    const otherSenses = other.map((word) => wordSenses(word, options.synonymSenses));
    for (let index = own.length - 1; index >= 0; index -= 1) {
      const senses = wordSenses(own[index]!, options.synonymSenses);
      const partner = otherSenses.findIndex((candidate) => areSynonymSenses(senses, candidate));
      if (partner < 0) continue;
      own.splice(index, 1);
      other.splice(partner, 1);
      otherSenses.splice(partner, 1);
    }
  }
  return [...own, ...other];
}

/**
 * Content words of `own` (as written) that `other` does not match: no word with the same light
 * stem, no spelling variant ("recieve", "colour"), not written as one word
 * there ("hard wood" / "hardwood", "e-mail" / "email") and not an acronym spelled out. Words are
 * matched occurrence by occurrence: a word said twice here and once there is one word unmatched
 * ("keep my dog from barking when ... barking at" / "keep my dog from licking when ... barking at").
 */
function unmatchedWords(
  own: PromptContent,
  other: PromptContent,
  options: Pick<VerifierOptions, 'spellingVariants'>,
): string[] {
  const spelledOut = acronymExpansions(own, other);
  const available = countOf(other.stemList);
  const otherWords = new Set(other.words);
  const hyphenatedInOther = new Set(
    other.words.filter((word) => word.includes('-')).map((word) => word.replace(/-/g, '')),
  );
  const joinedInOther = new Set(
    other.contentWords.slice(1).map((word, index) => `${other.contentWords[index]}${word}`),
  );
  const matched = own.contentStems.map((stem, index) => {
    const word = own.contentWords[index]!;
    const left = available.get(stem) ?? 0;
    if (left > 0) {
      available.set(stem, left - 1);
      return true;
    }
    if (spelledOut.has(word) || spelledOut.has(stem) || joinedInOther.has(word) || hyphenatedInOther.has(word))
      return true;
    return options.spellingVariants && other.contentWords.some((otherWord) => isSpellingVariant(word, otherWord));
  });
  // Two words here written as one there: "hard wood" / "hardwood", "e-mail" / "email".
  own.contentWords.forEach((word, index) => {
    const next = own.contentWords[index + 1];
    if (next !== undefined && otherWords.has(`${word}${next}`)) matched[index] = matched[index + 1] = true;
  });
  return own.contentWords.filter((_, index) => !matched[index]);
}

function countOf(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function symmetricDifference(first: Set<string>, second: Set<string>): string[] {
  return [...[...first].filter((value) => !second.has(value)), ...[...second].filter((value) => !first.has(value))];
}

/** Names and identifiers of `own` that `other` neither contains in any case nor spells as an acronym. */
function uncoveredEntities(own: PromptContent, other: PromptContent): string[] {
  const expanded = acronymExpansions(own, other);
  return [...own.entities].filter((entity) => {
    if (other.entities.has(entity) || other.allStems.has(entity) || expanded.has(entity)) return false;
    // `Dataset.push_to_hub()` and `push_to_hub` name the same function.
    return ![...other.entities].some(
      (otherEntity) => identifierContains(otherEntity, entity) || identifierContains(entity, otherEntity),
    );
  });
}

function identifierContains(longer: string, shorter: string): boolean {
  if (shorter.length < 3 || !/[./]/.test(longer)) return false;
  return longer.split(/[./]/).at(-1) === shorter;
}

/** Words of `own` that spell out an acronym of `other` ("Hugging Face" for "HF"), and acronyms of `own` that `other` spells out. */
function acronymExpansions(own: PromptContent, other: PromptContent): Set<string> {
  const covered = new Set<string>();
  const spell = (
    acronyms: Set<string>,
    words: readonly string[],
    mark: (acronym: string, window: string[]) => void,
  ) => {
    for (const acronym of acronyms) {
      const letters = acronym.toLowerCase();
      for (let start = 0; start + letters.length <= words.length; start += 1) {
        const window = words.slice(start, start + letters.length);
        if (window.map((word) => word[0]).join('') === letters) mark(acronym, window);
      }
    }
  };
  spell(other.acronyms, own.words, (_, window) => {
    for (const word of window) covered.add(word).add(lightStem(word));
  });
  spell(own.acronyms, other.words, (acronym) => covered.add(acronym.toLowerCase()));
  return covered;
}
