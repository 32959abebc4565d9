import {
  defaultVerifierOptions,
  type VerifierOptions,
  type VerifierRule,
} from '../../src/gateway/cache/near-miss-verifier';

const without = (rule: VerifierRule): VerifierOptions => ({
  ...defaultVerifierOptions,
  rules: defaultVerifierOptions.rules.filter((other) => other !== rule),
});

/**
 * The verifier with one rule switched off or one setting moved, each measured beside the product
 * on the same pairs: what a rule contributes is the precision it adds and the recall it costs.
 */
export const verifierVariants: Readonly<Record<string, VerifierOptions>> = {
  'without the numbers rule': without('numbers'),
  'without the negation rule': without('negation'),
  'without the question-kind rule': without('question'),
  'without the names and identifiers rule': without('entities'),
  'without the content-words rule': without('content-words'),
  'without spelling variants': { ...defaultVerifierOptions, spellingVariants: false },
  'no unmatched word at all': { ...defaultVerifierOptions, maxUnmatchedWords: 0 },
  'two unmatched words': { ...defaultVerifierOptions, maxUnmatchedWords: 2 },
  'three unmatched words': { ...defaultVerifierOptions, maxUnmatchedWords: 3 },
  'the unmatched word only a common one (Zipf >= 5)': { ...defaultVerifierOptions, unmatchedWordMinZipf: 5 },
  'the unmatched word only a very common one (Zipf >= 5.5)': { ...defaultVerifierOptions, unmatchedWordMinZipf: 5.5 },
  'without WordNet synonyms': { ...defaultVerifierOptions, synonymSenses: 0 },
  'WordNet synonyms in the first sense only': { ...defaultVerifierOptions, synonymSenses: 1 },
  'WordNet synonyms in the first 3 senses': { ...defaultVerifierOptions, synonymSenses: 3 },
  'WordNet synonyms in the first 5 senses': { ...defaultVerifierOptions, synonymSenses: 5 },
};
