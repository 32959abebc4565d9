/** A LIKE pattern matching `text` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * About `width` characters of `content` around the first case-insensitive occurrence of
 * `needle`, on one line, with an ellipsis where it was cut.
 */
export function snippetAround(content: string, needle: string, width = 160): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(needle.toLowerCase().replace(/\s+/g, ' '));
  if (flat.length <= width) return flat;
  const start = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor((width - needle.length) / 2), flat.length - width));
  const end = Math.min(flat.length, start + width);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
