import { describe, expect, it } from 'vitest';
import { describeCalibration, hasCalibration } from './calibration-summary';

describe('the calibration in plain words', () => {
  it.each([
    [{ offset: 0, signals: 0, updated_at: null }, 'No adjustment yet'],
    [{ offset: -0.06, signals: 11, updated_at: null }, "Your users' feedback has moved Auto toward stronger models by 0.06 (11 ratings and regenerations since the last reset)."],
    [{ offset: 0.005, signals: 1, updated_at: null }, "Your users' feedback has moved Auto toward cheaper models by 0.005 (1 rating or regeneration since the last reset)."],
    [{ offset: -0.15000000000000002, signals: 1234, updated_at: null }, "Your users' feedback has moved Auto toward stronger models by 0.15 (1,234 ratings and regenerations since the last reset)."],
    [{ offset: 1e-17, signals: 4, updated_at: null }, "Your users' feedback has balanced out, so Auto routes as it would without it (4 ratings and regenerations since the last reset)."],
  ])('%j', (calibration, words) => {
    expect(describeCalibration(calibration)).toBe(words);
  });

  it('says when it last moved', () => {
    expect(describeCalibration({ offset: -0.015, signals: 1, updated_at: '2026-03-04T12:00:00.000Z' })).toMatch(/\(1 rating or regeneration since the last reset, the latest on Mar \d, 2026\)\.$/);
  });

  it('offers a reset only when there is something to reset', () => {
    expect(hasCalibration({ offset: 0, signals: 0, updated_at: null })).toBe(false);
    expect(hasCalibration({ offset: 0, signals: 3, updated_at: '2026-03-04T12:00:00.000Z' })).toBe(true);
  });
});
