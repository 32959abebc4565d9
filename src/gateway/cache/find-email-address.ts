/**
 * The first e-mail address in a text, as the pattern `[\w.+-]+@[\w-]+\.[\w.-]+` would find it,
 * read in linear time. The pattern itself, tried from every position, scanned each run of word
 * characters to its end from each of its characters: quadratic on a long run without an `@`
 * (issue 20). Here each `@` reads the run before it and the domain after it, and runs end at the
 * next `@`, so every character is read a bounded number of times.
 */
export function findEmailAddress(text: string): string | undefined {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && isLocalPartCharacter(text.charCodeAt(start - 1))) start -= 1;
    if (start === at) continue;
    const domainEnd = domainEndAfter(text, at + 1);
    if (domainEnd !== undefined) return text.slice(start, domainEnd);
  }
  return undefined;
}

/** Where `[\w-]+\.[\w.-]+` starting at `from` ends, if it matches there. */
function domainEndAfter(text: string, from: number): number | undefined {
  let index = from;
  while (index < text.length && isLabelCharacter(text.charCodeAt(index))) index += 1;
  if (index === from || text[index] !== '.') return undefined;
  index += 1;
  const restStart = index;
  while (index < text.length && isDomainCharacter(text.charCodeAt(index))) index += 1;
  return index > restStart ? index : undefined;
}

const isWordCharacter = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isLocalPartCharacter = (code: number) => isWordCharacter(code) || code === 46 || code === 43 || code === 45;
const isLabelCharacter = (code: number) => isWordCharacter(code) || code === 45;
const isDomainCharacter = (code: number) => isLabelCharacter(code) || code === 46;
