import { describe, expect, it } from 'vitest';
import { feedbackWindow } from './feedback-window';

const now = new Date('2026-03-20T12:00:00Z');

describe('feedbackWindow', () => {
  it.each([
    [{}, undefined, undefined],
    [{ period: '7d' }, '2026-03-13T12:00:00.000Z', undefined],
    [{ from: '2026-03-01' }, '2026-03-01T00:00:00.000Z', undefined],
    [{ to: '2026-03-07' }, undefined, '2026-03-08T00:00:00.000Z'],
    [{ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    // Both given: the later start wins.
    [{ period: '30d', from: '2026-03-10' }, '2026-03-10T00:00:00.000Z', undefined],
    [{ period: '2d', from: '2026-03-10', to: '2026-03-20' }, '2026-03-18T12:00:00.000Z', '2026-03-21T00:00:00.000Z'],
  ])('%j covers %s to %s', (window, since, until) => {
    const covered = feedbackWindow(window, now);
    expect(covered.since?.toISOString()).toBe(since);
    expect(covered.until?.toISOString()).toBe(until);
  });

  it('refuses a start after the end and a malformed period', () => {
    expect(() => feedbackWindow({ from: '2026-03-02', to: '2026-03-01' }, now)).toThrow(
      'The start date must not be after the end date',
    );
    expect(() => feedbackWindow({ period: 'soon' }, now)).toThrow("Period must look like '30d'");
  });
});
