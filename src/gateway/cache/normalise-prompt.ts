import { trimEndWhile } from './trim-characters';

const closingCharacter = /[\s.?!…]/u;

/**
 * The exact tier's view of a prompt: two prompts that differ only in case, spacing, curly
 * quotes or closing punctuation are the same request. Fenced code blocks are kept as written
 * (indentation and case carry meaning in code); only the prose around them is folded.
 */
export function normalisePrompt(prompt: string): string {
  const parts = prompt.normalize('NFKC').split(/(```[\s\S]*?```)/);
  const folded = parts.map((part, index) => (index % 2 === 1 ? part.trim() : foldProse(part)));
  const joined = folded.filter((part) => part !== '').join('\n');
  return trimEndWhile(joined, (character) => closingCharacter.test(character)).trim();
}

function foldProse(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\s+/g, ' ')
      // Spaces are single by now: matching one keeps this linear (`\s+` here backtracked over long runs).
      .replace(/ ([,;:?!.])/g, '$1')
      .trim()
  );
}
