import { describe, expect, it } from 'vitest';
import { formatTokenLimit } from './token-limit';

describe('formatTokenLimit', () => {
  it.each([
    [100, '100'],
    [4000, '4,000'],
    [9999, '9,999'],
    [16_384, '16K'],
    [111_616, '110K'],
    [191_808, '190K'],
    [1_000_000, '1M'],
    [1_014_808, '1M'],
    [1_990_000, '1.9M'],
  ])('%i reads %s, rounded down', (tokens, shown) => {
    expect(formatTokenLimit(tokens)).toBe(shown);
  });
});
