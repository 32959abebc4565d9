import { describe, expect, it } from 'vitest';
import { headAndTail } from './head-and-tail';

describe('headAndTail', () => {
  it('keeps a text within the bound as it is', () => {
    expect(headAndTail('abcdef', 4, 2)).toBe('abcdef');
  });

  it('reads the head and the tail of a longer text, joined by an ellipsis', () => {
    expect(headAndTail('abcdefghij', 3, 2)).toBe('abc … ij');
  });

  it('never cuts a surrogate pair in half', () => {
    const emoji = '😀';
    const read = headAndTail(`ab${emoji}cdefg${emoji}h`, 3, 2);
    expect(read).toBe('ab … h');
    expect(read).not.toMatch(/\p{Cs}/u); // no lone surrogate
  });
});
