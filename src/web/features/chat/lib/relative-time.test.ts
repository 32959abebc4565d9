import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date(2026, 4, 20, 12, 0, 0);
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const minute = 60_000;

describe('formatRelativeTime', () => {
  it.each([
    [ago(0), 'just now'],
    [ago(59_000), 'just now'],
    [ago(-30_000), 'just now'],
    [ago(minute), '1 min ago'],
    [ago(2 * minute + 30_000), '2 min ago'],
    [ago(59 * minute), '59 min ago'],
    [ago(60 * minute), '1 h ago'],
    [ago(23 * 60 * minute), '23 h ago'],
    [ago(24 * 60 * minute), 'yesterday'],
    [ago(3 * 24 * 60 * minute), '3 days ago'],
    [new Date(2026, 1, 3, 9, 0), 'Feb 3'],
    [new Date(2025, 11, 31, 9, 0), 'Dec 31, 2025'],
  ])('%s reads %s', (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected);
  });
});
