import { describe, expect, it } from 'vitest';
import { thresholdForQualityTarget, type QualityCalibration } from './quality-calibration';
import { buildQualityCalibration } from './training/build-quality-calibration';

const calibration: QualityCalibration = {
  description: 'hand-made',
  points: [
    { qualityTarget: 0.9, threshold: null, strongShare: 0 },
    { qualityTarget: 0.95, threshold: 0.6, strongShare: 0.2 },
    { qualityTarget: 0.99, threshold: 0.3, strongShare: 0.6 },
    { qualityTarget: 1, threshold: 0, strongShare: 1 },
  ],
};

describe('thresholdForQualityTarget', () => {
  it.each([
    { target: 0.5, expected: Infinity },
    { target: 0.9, expected: Infinity },
    { target: 0.92, expected: 0.6 },
    { target: 0.95, expected: 0.6 },
    { target: 0.97, expected: 0.3 },
    { target: 1, expected: 0 },
    { target: 1.2, expected: 0 },
  ])('target $target -> threshold $expected (never looser than asked)', ({ target, expected }) => {
    expect(thresholdForQualityTarget(calibration, target)).toBe(expected);
  });

  it('refuses a target that is not a number', () => {
    expect(() => thresholdForQualityTarget(calibration, Number.NaN)).toThrow(/Quality target/);
  });
});

describe('buildQualityCalibration', () => {
  // Benchmark A (strong 1, weak 0.5): the top-scored prompt is the one only the strong model gets right.
  const benchmarkA = [
    { score: 0.9, strongQuality: 1, weakQuality: 0 },
    { score: 0.1, strongQuality: 1, weakQuality: 1 },
  ];
  // Benchmark B (strong 10, weak 8), four prompts: one gains 8 points from the strong model.
  const benchmarkB = [
    { score: 0.8, strongQuality: 10, weakQuality: 2 },
    { score: 0.2, strongQuality: 10, weakQuality: 10 },
    { score: 0.2, strongQuality: 10, weakQuality: 10 },
    { score: 0.2, strongQuality: 10, weakQuality: 10 },
  ];

  it('pools benchmarks equally and records the first threshold reaching each target', () => {
    // Pooled quality ratio: all weak (0.5 + 0.8) / 2 = 0.65; after 0.9: (1 + 0.8) / 2 = 0.9; after 0.8: 1.
    const built = buildQualityCalibration([benchmarkA, benchmarkB], [0.6, 0.65, 0.9, 0.95, 1]);
    expect(built.points).toEqual([
      { qualityTarget: 0.6, threshold: null, strongShare: 0 },
      { qualityTarget: 0.65, threshold: null, strongShare: 0 },
      { qualityTarget: 0.9, threshold: 0.9, strongShare: 0.25 },
      { qualityTarget: 0.95, threshold: 0.8, strongShare: 0.375 },
      { qualityTarget: 1, threshold: 0.8, strongShare: 0.375 },
    ]);
  });
});
