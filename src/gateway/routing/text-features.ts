/**
 * Cheap features read from the prompt (all of it up to featureReadBound): how long it is and how many steps and conditions
 * it sets (clauses, quantities and the relations between them), and whether it asks for maths,
 * code or reasoning (hard for a weak model in general) or for creative writing, role play, small
 * talk or a quick look-up (where a weak model usually does as well). Each is a count squashed with log1p, a share or a 0/1 flag.
 *
 * Each feature also states the direction a prior expects of it (1: makes the strong model more
 * needed, -1: less); training holds the learned weight to that direction, so the router cannot
 * learn what only tells its training benchmarks apart (docs/decisions/027). Cues of a benchmark's
 * format (multiple-choice options, "Answer:") are deliberately absent. Changing this list changes
 * the model's inputs: retrain (`npm run router:train`).
 */
import { headAndTail } from './head-and-tail';

/** A feature of the part of the prompt read (`text`), which may also use the whole prompt's length. */
type FeatureFunction = (text: string, length: number) => number;
interface TextFeature {
  direction: 1 | -1;
  value: FeatureFunction;
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
const logCount =
  (pattern: RegExp): FeatureFunction =>
  (text) =>
    Math.log1p(count(text, pattern));
const flag =
  (pattern: RegExp): FeatureFunction =>
  (text) =>
    pattern.test(text) ? 1 : 0;
const harder = (value: FeatureFunction): TextFeature => ({ direction: 1, value });
const easier = (value: FeatureFunction): TextFeature => ({ direction: -1, value });

const features = {
  // Size and structure of the task.
  characters: harder((_text, length) => Math.log1p(length)),
  words: harder(logCount(/\S+/g)),
  sentences: harder(logCount(/[.!?](\s|$)/g)),
  wordsPerSentence: harder((text) => Math.log1p(count(text, /\S+/g) / Math.max(1, count(text, /[.!?](\s|$)/g)))),
  stepCues: harder(
    logCount(
      /\b(?:then|after that|next|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|steps?|afterwards|subsequently|until)\b/gi,
    ),
  ),
  conditionals: harder(
    logCount(/\b(?:if|unless|suppose|supposing|assuming|given that|provided that|otherwise|whether)\b/gi),
  ),
  // Indentation only: a `\s*` here also ran over every following blank line from each line break, quadratically.
  enumeratedParts: harder(logCount(/(?:^|\n)[^\S\n]*(?:\d+[.)]|[a-h][.)]|[-*•])\s/g)),
  constraintWords: harder(
    logCount(
      /\b(?:exactly|at least|at most|only|must|without using|no more than|fewer than|in \d+ words|each|every|format)\b/gi,
    ),
  ),
  structuredOutput: harder(flag(/\b(?:json|csv|yaml|xml|table|markdown)\b/i)),
  longAnswerCue: harder(
    logCount(
      /\b(?:explain|describe|elaborate|analy[sz]e|compare|contrast|evaluate|discuss|design|implement|derive|prove|justify|in detail|step[- ]by[- ]step|comprehensive|outline|develop|optimi[sz]e)\b/gi,
    ),
  ),
  refersToEarlierTurn: harder(
    flag(
      /\b(?:previous|above|earlier|your (?:answer|response|reply)|the same|what about|now (?:make|do|write|rewrite|rephrase|explain)|rewrite|rephrase)\b/i,
    ),
  ),
  // Clauses: each comma-separated clause tends to add a fact or a condition to keep track of.
  commas: harder(logCount(/,/g)),
  // Maths.
  numbers: harder(logCount(/\d+(?:[.,]\d+)?/g)),
  // Quantities written out ("three for breakfast", "twice as many"): word problems state most of theirs this way.
  numberWords: harder(
    logCount(
      /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half|halves|third|quarter|twice|double|triple|dozens?)\b/gi,
    ),
  ),
  // Relations between quantities: each one is a step of arithmetic the answer has to chain.
  quantityRelations: harder(
    logCount(
      /\b(?:more than|less than|fewer than|times (?:as|more|less)|as many|as much|per|each|every|remaining|rest|left|altogether|difference|increase[sd]?|decrease[sd]?|discount|profit|percent)\b/gi,
    ),
  ),
  distinctNumbers: harder((text) => Math.log1p(new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? []).size)),
  mathSymbols: harder(logCount(/[=+*/^<>|√π∑∫≤≥≠±×÷]/g)),
  equation: harder(flag(/\b[a-z]\s*(?:[=<>≤≥]|\^)\s*[-\d(a-z]|\d\s*[+\-*/^×÷]\s*\d|[a-z]\(\s*[a-z\d]\s*\)/i)),
  latex: harder(flag(/\\(?:frac|sqrt|sum|int|cdot|times|leq|geq)|\$[^$\n]+\$/)),
  mathWords: harder(
    logCount(
      /\b(?:calculate|compute|solve|how (?:many|much)|probability|equation|integers?|remainder|percent(?:age)?|ratio|derivative|integral|area|volume|average|total|sum|product|divided|multipl\w*|square|prime|fraction)\b/gi,
    ),
  ),
  // Code.
  codeFence: harder(flag(/```/)),
  // A call is matched from the start of its word (`\b`): matched from anywhere, every letter of a long word began a scan to its end.
  codeTokens: harder(
    logCount(
      /\b(?:def|function|return|class|import|const|let|var|while|print|elif|void|public|static|#include|lambda|async|await)\b|[{};]|=>|==|!=|\+\+|\b\w+\(\w*\)/g,
    ),
  ),
  programmingWords: harder(
    logCount(
      /\b(?:implement\w*|program\w*|functions?|algorithms?|code|python|javascript|typescript|java|c\+\+|sql|regex|complexity|bugs?|debug|compile\w*|recursion|arrays?|strings?|binary|linked list|data structures?)\b/gi,
    ),
  ),
  // `\b` before the method call for the same reason as codeTokens'.
  identifiers: harder(logCount(/\b[a-z]+[A-Z]\w*\b|\b[A-Za-z]+_\w+\b|\b\w+\.\w+\(/g)),
  // Reasoning.
  reasoningWords: harder(
    logCount(
      /\b(?:why|explain|reasons?|reasoning|step by step|justify|prove|deduce|infer|logic\w*|true or false|uncertain|riddle|puzzle|therefore|assume|implies|if and only if)\b/gi,
    ),
  ),
  // Tasks a weak model usually handles as well.
  creativeWords: easier(
    logCount(
      /\b(?:write|compose|draft|poem|story|essay|blog|email|letter|haiku|limerick|song|slogan|tweet|speech|script|describe|imagine)\b/gi,
    ),
  ),
  rolePlay: easier(
    flag(/\b(?:pretend|imagine you are|act as|embrace the role|you are an? |as if you were|role[- ]?play)/i),
  ),
  chitChat: easier(flag(/^\s*(?:hi|hello|hey|thanks|thank you|good (?:morning|evening|night)|how are you)\b/i)),
  lookupQuestion: easier((text, length) =>
    length < 160 && /^\s*(?:what|who|when|where|which|define|name|translate|list)\b/i.test(text) ? 1 : 0,
  ),
  quotedMaterial: easier(logCount(/["“”]/g)),
  longWordShare: easier((text) => {
    const words = text.match(/[A-Za-z]+/g) ?? [];
    return words.length === 0 ? 0 : words.filter((word) => word.length >= 9).length / words.length;
  }),
} satisfies Record<string, TextFeature>;

/** Names of the text features, in the order extractTextFeatures returns them. */
export const textFeatureNames = Object.keys(features) as (keyof typeof features)[];

/** The direction each feature's weight is held to in training, in textFeatureNames order. */
export const textFeatureDirections: number[] = textFeatureNames.map((name) => features[name].direction);

/**
 * How much of a long prompt the features read: its first 6,000 characters (the task, the question,
 * the start of any pasted material) and its last 2,000 (a final question or instruction), so their
 * work is bounded whatever is pasted (issue 20, docs/decisions/034). Every prompt the router was
 * trained and evaluated on is shorter (the longest has 4,868 characters), so the bound changes no
 * value the model has seen; past it the counts describe a sample rather than the whole, which the
 * log squashing makes a small difference among prompts that are long anyway. `characters` is the
 * whole prompt's length.
 */
const featureReadBound = { headCharacters: 6_000, tailCharacters: 2_000 } as const;

/** The text features of one prompt, in textFeatureNames order. */
export function extractTextFeatures(text: string): number[] {
  const read = headAndTail(text, featureReadBound.headCharacters, featureReadBound.tailCharacters);
  return textFeatureNames.map((name) => features[name].value(read, text.length));
}
