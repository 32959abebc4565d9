/**
 * Cheap features read from the whole prompt (the encoder sees only a window of it): size,
 * numbers and formulas, code, reasoning and constraint cues, multiple-choice and multi-part
 * structure. Each is a count squashed with log1p, a share or a 0/1 flag; the model standardises
 * them. Changing this list changes the model's inputs: retrain (`npm run router:train`).
 */
type FeatureFunction = (text: string) => number;

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
const logCount = (pattern: RegExp): FeatureFunction => (text) => Math.log1p(count(text, pattern));
const flag = (pattern: RegExp): FeatureFunction => (text) => (pattern.test(text) ? 1 : 0);
const share = (pattern: RegExp): FeatureFunction => (text) => (text.length === 0 ? 0 : count(text, pattern) / text.length);

const features = {
  characters: (text) => Math.log1p(text.length),
  words: logCount(/\S+/g),
  lines: logCount(/\n/g),
  sentences: logCount(/[.!?](\s|$)/g),
  questionMarks: logCount(/\?/g),
  digitShare: share(/\d/g),
  numbers: logCount(/\d+(?:[.,]\d+)?/g),
  nonAsciiShare: share(/[^\x00-\x7f]/g),
  mathSymbols: logCount(/[=+*/^<>|√π∑∫≤≥≠±×÷]/g),
  equation: flag(/\b[a-z]\s*(?:[=<>≤≥]|\^)\s*[-\d(a-z]|\d\s*[+\-*/^×÷]\s*\d|[a-z]\(\s*[a-z\d]\s*\)/i),
  latex: flag(/\\(?:frac|sqrt|sum|int|cdot|times|leq|geq)|\$[^$\n]+\$/),
  mathWords: logCount(/\b(?:calculate|compute|solve|how (?:many|much)|probability|equation|integers?|remainder|percent(?:age)?|ratio|derivative|integral|area|volume|average|total|sum|product|divided|multipl\w*|square|prime|fraction)\b/gi),
  codeFence: flag(/```/),
  codeTokens: logCount(/\b(?:def|function|return|class|import|const|let|var|while|print|elif|void|public|static|#include|lambda|async|await)\b|[{};]|=>|==|!=|\+\+|\w+\(\w*\)/g),
  programmingWords: logCount(/\b(?:implement\w*|program\w*|functions?|algorithms?|code|python|javascript|typescript|java|c\+\+|sql|regex|complexity|bugs?|debug|compile\w*|recursion|arrays?|strings?|binary|linked list|data structures?)\b/gi),
  reasoningWords: logCount(/\b(?:why|explain|reasons?|reasoning|step by step|justify|prove|deduce|infer|logic\w*|true or false|uncertain|riddle|puzzle|therefore|assume|implies|if and only if)\b/gi),
  multipleChoice: (text) => (count(text, /(?:^|\n|\s)\(?[A-D][.)]\s/g) >= 3 ? 1 : 0),
  answerCue: flag(/\bAnswer:\s*$/),
  enumeratedParts: logCount(/(?:^|\n)\s*(?:\d+[.)]|[a-h][.)]|[-*•])\s/g),
  constraintWords: logCount(/\b(?:exactly|at least|at most|only|must|without using|no more than|fewer than|in \d+ words|each|every|format)\b/gi),
  structuredOutput: flag(/\b(?:json|csv|yaml|xml|table|markdown)\b/i),
  creativeWords: logCount(/\b(?:write|compose|draft|poem|story|essay|blog|email|letter|haiku|limerick|song|slogan|tweet|speech|script|describe|imagine)\b/gi),
  rolePlay: flag(/\b(?:pretend|imagine you are|act as|embrace the role|you are an? |as if you were|role[- ]?play)/i),
  refersToEarlierTurn: flag(/\b(?:previous|above|earlier|your (?:answer|response|reply)|the same|what about|now (?:make|do|write|rewrite|rephrase|explain)|rewrite|rephrase)\b/i),
  quotedMaterial: logCount(/["“”]/g),
} satisfies Record<string, FeatureFunction>;

/** Names of the text features, in the order extractTextFeatures returns them. */
export const textFeatureNames = Object.keys(features) as (keyof typeof features)[];

/** The text features of one prompt, in textFeatureNames order. */
export function extractTextFeatures(text: string): number[] {
  return textFeatureNames.map((name) => features[name](text));
}
