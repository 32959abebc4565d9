import { describe, expect, it } from 'vitest';
import { containsPattern, snippetAround } from './search-text';

describe('containsPattern', () => {
  it.each([
    ['plain', '%plain%'],
    ['100%', '%100\\%%'],
    ['snake_case', '%snake\\_case%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%s becomes %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe('snippetAround', () => {
  it('keeps short text whole, on one line', () => {
    expect(snippetAround('Hello\n\nthere  world', 'there')).toBe('Hello there world');
  });

  it('centres a long text on the first match, marking the cuts', () => {
    const content = `${'a'.repeat(300)} needle ${'b'.repeat(300)}`;
    const snippet = snippetAround(content, 'NEEDLE', 60);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBe(62);
  });

  it('starts at the beginning when the match is near it, and ends at the end when near it', () => {
    expect(snippetAround(`needle ${'b'.repeat(300)}`, 'needle', 40).startsWith('needle')).toBe(true);
    expect(snippetAround(`${'a'.repeat(300)} needle`, 'needle', 40).endsWith('needle')).toBe(true);
  });
});
