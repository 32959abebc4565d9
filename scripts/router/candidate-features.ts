/**
 * Features measured and left out of the router (docs/benchmarks/router.md, "What was tried"):
 * compare-variants.ts appends them to the committed text features, one variant each.
 */
import { zipfFrequency } from '../../src/gateway/cache/word-frequency';

interface CandidateFeature {
  direction: 1 | -1;
  value: (text: string) => number;
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
const lettersWords = (text: string): string[] => (text.match(/[A-Za-z]+/g) ?? []).filter((word) => word.length > 2);
/** A trailing block of lettered answer options (and an "Answer:" cue), as multiple-choice items end. */
const answerOptions = /(?:\n[A-J][.)]\s[^\n]*)+\s*(?:\nAnswer:?\s*)?$/;
const stem = (text: string): string => text.replace(answerOptions, '');

export const candidateFeatures = {
  // Specialist vocabulary: words rare in general English (SUBTLEX-US Zipf below 3, or not listed).
  rareWords: {
    direction: 1,
    value: (text) => Math.log1p(lettersWords(text).filter((word) => zipfFrequency(word) < 3).length),
  },
  rareWordShare: {
    direction: 1,
    value: (text) => {
      const words = lettersWords(text);
      return words.length === 0 ? 0 : words.filter((word) => zipfFrequency(word) < 3).length / words.length;
    },
  },
  // Length of a multiple-choice question's stem, its options left out (the whole prompt otherwise).
  stemCharacters: { direction: 1, value: (text) => Math.log1p(stem(text).length) },
  questionMarks: { direction: 1, value: (text) => Math.log1p(count(text, /\?/g)) },
  negation: {
    direction: 1,
    value: (text) =>
      Math.log1p(count(text, /\b(?:not|except|false|incorrect|least|never|cannot|neither|nor)\b|n't\b/gi)),
  },
  proofCue: {
    direction: 1,
    value: (text) =>
      Math.log1p(
        count(
          text,
          /\b(?:prove|proof|theorem|lemma|show that|infinitely|irrational|converges?|for all|there exists?)\b/gi,
        ),
      ),
  },
  namedPeople: { direction: 1, value: (text) => Math.log1p(count(text, /(?<=[a-z,] )[A-Z][a-z]+/g)) },
  // Designed after reading MMLU's highest-gain subject (moral scenarios, told as "I ..."): shown for honesty, not a fair unseen test.
  firstPerson: { direction: 1, value: (text) => Math.log1p(count(text, /\b(?:I|me|my)\b/g)) },
} satisfies Record<string, CandidateFeature>;

export type CandidateFeatureName = keyof typeof candidateFeatures;
