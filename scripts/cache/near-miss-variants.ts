import { stopWords } from '../../src/gateway/cache/prompt-content';
import { pick } from './seeded-random';

/**
 * One-slot changes of a question, the near misses a semantic cache must not answer: another
 * number, another name or identifier, the negation flipped, or one content word swapped for a
 * close word (the caller supplies close words, from the sentence encoder's neighbours).
 * Every change is made to a slot that also appears in `mustAppearIn`, the cached prompt, so the
 * changed question really asks for something the cached one does not.
 */
export type NearMissKind = 'number' | 'entity' | 'negation' | 'noun';

export interface NearMiss {
  kind: NearMissKind;
  text: string;
  from: string;
  to: string;
}

export type Neighbours = (word: string) => readonly string[];

interface Slot {
  start: number;
  end: number;
  word: string;
}

const numberWordList = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'twelve',
  'twenty',
  'hundred',
  'thousand',
];
const auxiliaries = /\b(is|are|was|were|can|could|should|will|would|does|do|did|has|have|must|may)\b/i;

function slots(text: string, pattern: RegExp): Slot[] {
  return [...text.matchAll(pattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
  }));
}

function appearsIn(word: string, text: string | undefined): boolean {
  if (text === undefined) return true;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped}($|[^\\p{L}\\p{N}_])`, 'iu').test(text);
}

function replaceSlot(text: string, slot: Slot, replacement: string): string {
  return text.slice(0, slot.start) + replacement + text.slice(slot.end);
}

export function changeNumber(text: string, random: () => number, mustAppearIn?: string): NearMiss | undefined {
  const digits = slots(text, /(?<![\p{L}\d.])\d+(?:\.\d+)*(?![\d])/gu);
  const words = slots(text, new RegExp(`\\b(${numberWordList.join('|')})\\b`, 'gi'));
  const candidates = [...digits, ...words].filter((slot) => appearsIn(slot.word, mustAppearIn));
  if (candidates.length === 0) return undefined;
  const slot = pick(candidates, random);
  let to: string;
  if (/^\d/.test(slot.word)) {
    const parts = slot.word.split('.');
    const last = Number(parts.at(-1));
    parts[parts.length - 1] = String(last + 1 + Math.floor(random() * 9));
    to = parts.join('.');
  } else {
    to = pick(
      numberWordList.filter((word) => word !== slot.word.toLowerCase()),
      random,
    );
  }
  return { kind: 'number', text: replaceSlot(text, slot, to), from: slot.word, to };
}

/** Names and code: `code`, snake_case, dotted.names, camelCase, capitalised words after the first. */
export function entitySlots(text: string): Slot[] {
  const code = slots(text, /`[^`\n]+`/g);
  const identifiers = slots(
    text,
    /(?<![\p{L}\p{N}_`])(?:[A-Za-z]+[_.][A-Za-z0-9_.]*[A-Za-z0-9]|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{2,}[a-z]?)(?![\p{L}\p{N}_`])/gu,
  );
  const names = slots(text, /(?<=[\p{L}\p{N},;)] )[A-Z][a-z]{2,}\b/gu);
  const inCode = (slot: Slot) => code.some((span) => slot.start >= span.start && slot.end <= span.end);
  return [...code, ...identifiers.filter((slot) => !inCode(slot)), ...names.filter((slot) => !inCode(slot))].filter(
    (slot, index, all) => all.findIndex((other) => other.start === slot.start) === index,
  );
}

export function changeEntity(
  text: string,
  random: () => number,
  neighbours: Neighbours,
  mustAppearIn?: string,
): NearMiss | undefined {
  const candidates = entitySlots(text).filter(
    (slot) => appearsIn(slot.word, mustAppearIn) && neighbours(slot.word).length > 0,
  );
  if (candidates.length === 0) return undefined;
  const slot = pick(candidates, random);
  const to = pick(neighbours(slot.word).slice(0, 3), random);
  return { kind: 'entity', text: replaceSlot(text, slot, to), from: slot.word, to };
}

export function flipNegation(text: string): NearMiss | undefined {
  const contracted =
    /\b(can't|cannot|won't|isn't|aren't|doesn't|don't|didn't|wasn't|weren't|shouldn't|couldn't|wouldn't|hasn't|haven't)\b/i.exec(
      text,
    );
  if (contracted) {
    const positive: Record<string, string> = { "can't": 'can', cannot: 'can', "won't": 'will' };
    const word = contracted[0];
    const to = positive[word.toLowerCase()] ?? word.replace(/n't$/i, '');
    return { kind: 'negation', text: text.replace(word, to), from: word, to };
  }
  const not = /\s(not|never)\s/i.exec(text);
  if (not) return { kind: 'negation', text: text.replace(not[0], ' '), from: not[1]!, to: '' };
  const auxiliary = auxiliaries.exec(text);
  if (!auxiliary) return undefined;
  // In a question the auxiliary comes before its subject: "Can't I ...?", not "Can not I ...?".
  const to = text.trim().endsWith('?') ? contract(auxiliary[0]) : `${auxiliary[0]} not`;
  return {
    kind: 'negation',
    text: text.slice(0, auxiliary.index) + to + text.slice(auxiliary.index + auxiliary[0].length),
    from: auxiliary[0],
    to,
  };
}

function contract(auxiliary: string): string {
  const irregular: Record<string, string> = { can: "can't", will: "won't", may: 'may not' };
  const contracted = irregular[auxiliary.toLowerCase()] ?? `${auxiliary.toLowerCase()}n't`;
  return /^[A-Z]/.test(auxiliary) ? contracted[0]!.toUpperCase() + contracted.slice(1) : contracted;
}

/** Lower-case content words that follow a determiner or preposition: mostly nouns and their adjectives. */
export function nounSlots(text: string): Slot[] {
  const code = slots(text, /`[^`\n]+`/g);
  return slots(
    text,
    /(?<=\b(?:a|an|the|my|your|this|that|these|those|of|about|for|with|from|to|in|on|some|any|new|old)\s)[a-z]{4,}\b(?![._(\-/=])/g,
  ).filter(
    (slot) => !stopWords.has(slot.word) && !code.some((span) => slot.start >= span.start && slot.end <= span.end),
  );
}

export function swapNoun(
  text: string,
  random: () => number,
  neighbours: Neighbours,
  mustAppearIn?: string,
): NearMiss | undefined {
  const candidates = nounSlots(text).filter(
    (slot) => appearsIn(slot.word, mustAppearIn) && neighbours(slot.word).length > 0,
  );
  if (candidates.length === 0) return undefined;
  const slot = pick(candidates, random);
  const to = pick(neighbours(slot.word).slice(0, 3), random);
  return { kind: 'noun', text: replaceSlot(text, slot, to), from: slot.word, to };
}
