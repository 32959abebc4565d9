import { lightStem } from './light-stem';
import { trimEndWhile } from './trim-characters';
import { zipfFrequency } from './word-frequency';

/**
 * What the near-miss verifier compares in a prompt: the parts a reworded question keeps
 * (numbers, names, code identifiers, negation) and the content words it may reword.
 */
export interface PromptContent {
  /** Numbers as written in digits ("three" -> "3", "1,000" -> "1000", "v2.1" -> "2.1"). */
  numbers: Set<string>;
  /** How many negations the prompt has ("not", "n't", "never", "without", "no ..."). */
  negations: number;
  /** Names and code identifiers, lower-cased: mid-sentence capitals, acronyms, `code`, snake_case, dotted.names, quoted text. */
  entities: Set<string>;
  /** Acronyms as written ("HF", "NLP"), to match a spelled-out name in the other prompt. */
  acronyms: Set<string>;
  /** Content words (no stop words, numbers, negations or identifiers), stemmed, in order. */
  contentStems: string[];
  /** The same content words as written (lower-cased), index for index with `contentStems`: to look up how common each is. */
  contentWords: string[];
  /** Every word of the prompt, stemmed: to tell whether a name of the other prompt appears here in any case. */
  allStems: Set<string>;
  /** Every word, lower-cased, in order (for acronym expansion). */
  words: string[];
  /** Every word stemmed, in order, stop words included: to tell a word moved elsewhere from a word replaced. */
  stemList: string[];
}

const numberWords = new Map<string, string>(
  Object.entries({
    zero: '0',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
    ten: '10',
    eleven: '11',
    twelve: '12',
    thirteen: '13',
    fourteen: '14',
    fifteen: '15',
    sixteen: '16',
    seventeen: '17',
    eighteen: '18',
    nineteen: '19',
    twenty: '20',
    thirty: '30',
    forty: '40',
    fifty: '50',
    sixty: '60',
    seventy: '70',
    eighty: '80',
    ninety: '90',
    hundred: '100',
    thousand: '1000',
    million: '1000000',
    billion: '1000000000',
    dozen: '12',
    twice: '2x',
    triple: '3x',
    first: '1st',
    second: '2nd',
    third: '3rd',
    fourth: '4th',
    fifth: '5th',
    tenth: '10th',
    thrice: '3x',
    hundreds: '100',
    thousands: '1000',
    millions: '1000000',
  }),
);

const abbreviations = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'approx', 'ca']);

const negationWords = new Set([
  'not',
  'no',
  'never',
  'cannot',
  'without',
  'none',
  'nothing',
  'nobody',
  'neither',
  'nor',
  'nowhere',
  'unable',
]);

/** Function words and request scaffolding ("please explain", "how do I"): they carry no topic. */
export const stopWords = new Set(
  `a an the this that these those it its it's i me my mine we us our you your yours he him his she her they them their
  is are was were be been being am do does did doing done have has had having will would shall should can could may might must
  and or but if then so than as of at by for with about into onto over under from to in on off out up down via per
  how what which who whom whose why when where there here whether while also just only very really quite too much many more most
  some any all each every both few other such own same again further once please kindly thanks thank hi hello hey
  explain describe tell show give provide help know want need like let able possible way ways thing things something anything
  one ones use using used yes ok okay get gets got s t vs etc e.g i.e`.split(/\s+/),
);

// A hyphen before or after a capital: `-[^A-Z-]*[A-Z]` is `-.*[A-Z]` without re-reading from every hyphen (issue 20).
const identifierPattern = /[_./\\#]|[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|\(\)$|-[^A-Z-]*[A-Z]|[A-Z][^A-Z-]*-/;
const acronymPattern = /^(?:[A-Z]\.){2,}$|^[A-Z][A-Z0-9]+s?$/;
/** "I", "I'm", "I've", "I'll", "I'd": capitalised anywhere, never a name. */
const firstPersonPattern = /^I(?:'(?:m|ve|ll|d))?$/;
/** A contraction's ending: "you're" is "you", "I've" is "I". */
const contractionPattern = /'(?:s|m|re|ve|ll|d)$/;
const numberPattern = /^v?\d+(?:[.,]\d+)*(?:st|nd|rd|th|x|%|k|m|b)?$/i;
const tokenPattern = /[\p{L}\p{N}][\p{L}\p{N}_'’.\-/\\#]*[\p{L}\p{N}_)]|[\p{L}\p{N}]/gu;

function normaliseNumber(token: string): string {
  return token
    .toLowerCase()
    .replace(/^v(?=\d)/, '')
    .replace(/(?<=\d),(?=\d{3}\b)/g, '');
}

/** Splits a prompt into the parts the verifier compares. */
export function analysePrompt(prompt: string): PromptContent {
  const content: PromptContent = {
    numbers: new Set(),
    negations: 0,
    entities: new Set(),
    acronyms: new Set(),
    contentStems: [],
    contentWords: [],
    allStems: new Set(),
    words: [],
    stemList: [],
  };
  let text = prompt
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  text = text.replace(/`([^`\n]+)`/g, (_, code: string) => {
    content.entities.add(code.trim().toLowerCase().replace(/\(\)$/, ''));
    return ' , ';
  });
  for (const quoted of text.matchAll(/"([^"\n]{1,60})"/g)) content.entities.add(quoted[1]!.trim().toLowerCase());
  // A leading "Yes," or "No," answers a question; it does not negate the statement after it.
  text = text.replace(/^\s*(yes|no)\b[,.!]?\s*/i, '');

  for (const match of text.matchAll(tokenPattern)) {
    let token = trimEndWhile(match[0], (character) => character === '.' || character === "'");
    if (token === '') continue;
    const start = match.index;
    const sentenceStart = startsSentence(text, start);
    if (/n't$/i.test(token)) {
      content.negations += 1;
      token = token.slice(0, -3);
    }
    // "1)" is a list marker, but "(17)" is a number in brackets.
    if (/^\d+\)$/.test(token)) {
      if (text[start - 1] !== '(') continue;
      token = token.slice(0, -1);
    }
    const lower = token.toLowerCase();
    if (abbreviations.has(lower)) continue; // "e.g", "etc"
    content.words.push(lower);
    content.stemList.push(lightStem(lower));
    content.allStems.add(lightStem(lower));
    if (numberPattern.test(token)) {
      content.numbers.add(normaliseNumber(token));
      continue;
    }
    const spelledNumber = numberWords.get(lower);
    if (spelledNumber !== undefined) {
      content.numbers.add(spelledNumber);
      continue;
    }
    if (negationWords.has(lower)) {
      content.negations += 1;
      continue;
    }
    const unit = /^(\d+(?:\.\d+)?)([a-z]+)$/i.exec(token);
    if (unit) {
      content.numbers.add(unit[1]!);
      addContentWord(content, unit[2]!.toLowerCase());
      continue;
    }
    if (identifierPattern.test(token) && /\p{L}/u.test(token)) {
      content.entities.add(lower.replace(/\(\)$/, ''));
      continue;
    }
    const emphasised = isEmphasisedWord(token);
    if (acronymPattern.test(token) && token !== 'I' && !emphasised) {
      const acronym = token.replace(/\./g, '').replace(/s$/, '');
      content.acronyms.add(acronym);
      content.entities.add(acronym.toLowerCase());
      content.contentStems.push(acronym.toLowerCase());
      content.contentWords.push(acronym.toLowerCase());
      continue;
    }
    if (/^\p{Lu}/u.test(token) && !sentenceStart && !emphasised && !firstPersonPattern.test(token))
      content.entities.add(lightStem(lower));
    for (const part of lower.replace(contractionPattern, '').replace(/\)$/, '').split('-')) {
      if (part !== '' && !stopWords.has(part)) addContentWord(content, part);
    }
  }
  return content;
}

const sentenceOpeners = new Set([...'.?!:;"\n(*-•']);

/**
 * Whether the word at `start` opens a sentence: nothing but spaces before it, or a full stop,
 * colon, bracket, bullet... Read backwards over the spaces only, so the text before each word is
 * not re-read for every word (issue 20).
 */
function startsSentence(text: string, start: number): boolean {
  let index = start - 1;
  while (index >= 0 && /\s/.test(text[index]!)) index -= 1;
  return index < 0 || sentenceOpeners.has(text[index]!);
}

/**
 * A very common English word written in capitals for emphasis ("REALLY", "ONLY", "MUST") is that
 * word, not an acronym: at least 4 letters and at least Zipf 5.5 in general English
 * (word-frequency.ts). Acronyms are rare as words ("NASA" 3.5, "NATO" 3.3) or not listed ("JSON",
 * "HTML"); below 5.5 sit the capitalised constants of code and documentation ("AVAILABLE" 4.4,
 * "WARNING" 4.5, "TRAIN" 5.0, "REST" 5.3), which name something and stay entities.
 */
function isEmphasisedWord(token: string): boolean {
  return token.length >= 4 && /^[A-Z]+$/.test(token) && zipfFrequency(token) >= 5.5;
}

function addContentWord(content: PromptContent, word: string): void {
  content.contentStems.push(lightStem(word));
  content.contentWords.push(word);
}
