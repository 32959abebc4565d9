import { describe, expect, it } from 'vitest';
import { dateGroupLabel, groupSessionsByDate } from './group-sessions-by-date';

// Local times, so the test holds in any time zone.
const now = new Date(2026, 4, 20, 9, 30);

describe('dateGroupLabel', () => {
  it.each([
    [new Date(2026, 4, 20, 0, 5), 'Today'],
    [new Date(2026, 4, 20, 11, 0), 'Today'],
    [new Date(2026, 4, 19, 23, 59), 'Yesterday'],
    [new Date(2026, 4, 18, 8, 0), 'Previous 7 days'],
    [new Date(2026, 4, 13, 8, 0), 'Previous 7 days'],
    [new Date(2026, 4, 12, 8, 0), 'Previous 30 days'],
    [new Date(2026, 3, 20, 8, 0), 'Previous 30 days'],
    [new Date(2026, 3, 19, 8, 0), 'April 2026'],
    [new Date(2025, 11, 1, 8, 0), 'December 2025'],
  ])('%s is under %s', (date, label) => {
    expect(dateGroupLabel(date, now)).toBe(label);
  });
});

describe('groupSessionsByDate', () => {
  it('orders newest first and keeps one heading per group', () => {
    const session = (id: string, date: Date | string) => ({
      id,
      createdAt: typeof date === 'string' ? date : date.toISOString(),
    });
    const groups = groupSessionsByDate(
      [
        session('old', new Date(2025, 0, 3)),
        session('bad', 'not a date'),
        session('today', new Date(2026, 4, 20, 8)),
        session('week', new Date(2026, 4, 15)),
        session('today-late', new Date(2026, 4, 20, 9)),
        session('jan', new Date(2025, 0, 30)),
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.sessions.map((item) => item.id)])).toEqual([
      ['Today', ['today-late', 'today']],
      ['Previous 7 days', ['week']],
      ['January 2025', ['jan', 'old']],
      ['Older', ['bad']],
    ]);
  });

  it('gives no groups for no sessions', () => {
    expect(groupSessionsByDate([], now)).toEqual([]);
  });
});
