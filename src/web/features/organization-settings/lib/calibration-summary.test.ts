import { describe, expect, it } from 'vitest';
import { noCalibration } from '../../admin/test/fake-admin-api';
import { describeCache, describeCalibration, describeKind, hasCalibration } from './calibration-summary';

const kind = (offset: number, signals: number, updated_at: string | null = null) => ({
  kind: 'code' as const,
  offset,
  signals,
  updated_at,
});

describe('the calibration in plain words', () => {
  it.each([
    [
      kind(-0.06, 11),
      'Code: toward stronger models by 0.06 (11 ratings, regenerations and edits since the last reset).',
    ],
    [kind(0.005, 1), 'Code: toward cheaper models by 0.005 (1 rating, regeneration or edit since the last reset).'],
    [
      kind(-0.15000000000000002, 1234),
      'Code: toward stronger models by 0.15 (1,234 ratings, regenerations and edits since the last reset).',
    ],
    [
      kind(1e-17, 4),
      'Code: feedback has balanced out, so Auto routes them as it would without it (4 ratings, regenerations and edits since the last reset).',
    ],
  ])('%j', (facts, words) => {
    expect(describeKind(facts)).toBe(words);
  });

  it('says when a kind last moved', () => {
    expect(describeKind(kind(-0.015, 1, '2026-03-04T12:00:00.000Z'))).toMatch(
      /\(1 rating, regeneration or edit since the last reset, the latest on Mar \d, 2026\)\.$/,
    );
  });

  it('says how much stricter the cache has become, or that it is at the policy', () => {
    expect(describeCache({ offset: 0.04, threshold: 0.8, signals: 2, updated_at: null })).toBe(
      "Cache: reuses a reply only from similarity 0.80, 0.04 above the policy's (2 ratings, regenerations and edits since the last reset).",
    );
    expect(describeCache({ offset: 0, threshold: 0.76, signals: 3, updated_at: null })).toBe(
      "Cache: reuses replies at the policy's similarity, 0.76 (3 ratings, regenerations and edits since the last reset).",
    );
  });

  it('lists only what moved, kinds first, and nothing when nothing did', () => {
    const untouched = noCalibration(0.76);
    expect(describeCalibration(untouched)).toEqual([]);
    const lines = describeCalibration({
      kinds: untouched.kinds.map((facts) =>
        facts.kind === 'maths' ? { ...facts, offset: -0.015, signals: 1 } : facts,
      ),
      cache: { ...untouched.cache, signals: 1 },
    });
    expect(lines.map((line) => line.split(':')[0])).toEqual(['Maths', 'Cache']);
  });

  it('offers a reset only when there is something to reset', () => {
    const untouched = noCalibration(0.76);
    expect(hasCalibration(untouched)).toBe(false);
    expect(hasCalibration({ ...untouched, cache: { ...untouched.cache, signals: 1 } })).toBe(true);
    expect(hasCalibration({ ...untouched, kinds: untouched.kinds.map((facts) => ({ ...facts, signals: 3 })) })).toBe(
      true,
    );
  });
});
