/**
 * Text features tried beside the committed ones (scripts/router/compare-variants.ts): cues of how
 * hard a prompt is in general (steps, conditions, expected length of the answer, technical
 * vocabulary) rather than of which benchmark it comes from.
 */
type FeatureFunction = (text: string) => number;
const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
const logCount = (pattern: RegExp): FeatureFunction => (text) => Math.log1p(count(text, pattern));
const flag = (pattern: RegExp): FeatureFunction => (text) => (pattern.test(text) ? 1 : 0);

export const candidateFeatures = {
  stepCues: logCount(/\b(?:then|after that|next|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|steps?|afterwards|subsequently|until)\b/gi),
  conditionals: logCount(/\b(?:if|unless|suppose|supposing|assuming|given that|provided that|otherwise|whether)\b/gi),
  distinctNumbers: (text) => Math.log1p(new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? []).size),
  longAnswerCue: logCount(/\b(?:explain|describe|elaborate|analy[sz]e|compare|contrast|evaluate|discuss|design|implement|derive|prove|justify|in detail|step[- ]by[- ]step|comprehensive|outline|develop|optimi[sz]e)\b/gi),
  lookupQuestion: (text) => (text.length < 160 && /^\s*(?:what|who|when|where|which|define|name|translate|list)\b/i.test(text) ? 1 : 0),
  chitChat: flag(/^\s*(?:hi|hello|hey|thanks|thank you|good (?:morning|evening|night)|how are you)\b/i),
  longWordShare: (text) => {
    const words = text.match(/[A-Za-z]+/g) ?? [];
    return words.length === 0 ? 0 : words.filter((word) => word.length >= 9).length / words.length;
  },
  identifiers: logCount(/\b[a-z]+[A-Z]\w*\b|\b[A-Za-z]+_\w+\b|\w+\.\w+\(/g),
  negations: logCount(/\b(?:not|no|never|none|neither|nor|without|except|cannot)\b|n't\b/gi),
  wordsPerSentence: (text) => {
    const words = count(text, /\S+/g);
    return Math.log1p(words / Math.max(1, count(text, /[.!?](\s|$)/g)));
  },
} satisfies Record<string, FeatureFunction>;

export const candidateFeatureNames = Object.keys(candidateFeatures) as (keyof typeof candidateFeatures)[];
export const extractCandidateFeatures = (text: string): number[] => candidateFeatureNames.map((name) => candidateFeatures[name](text));
