import { describe, expect, it } from 'vitest';
import type { CapabilityTier } from '../catalog/catalog-schema';
import { chooseModelTier } from './model-tier-choice';
import type { QualityCalibration } from './quality-calibration';

const calibration: QualityCalibration = {
  description: 'hand-made',
  points: [
    { qualityTarget: 0.85, threshold: null, strongShare: 0 },
    { qualityTarget: 0.9, threshold: 0.7, strongShare: 0.1 },
    { qualityTarget: 0.95, threshold: 0.5, strongShare: 0.25 },
    { qualityTarget: 0.975, threshold: 0.3, strongShare: 0.5 },
    { qualityTarget: 1, threshold: 0, strongShare: 1 },
  ],
};

const cases: { score: number; target: number; tiers: CapabilityTier[]; expected: CapabilityTier }[] = [
  { score: 0.55, target: 0.95, tiers: [1, 3], expected: 3 },
  { score: 0.5, target: 0.95, tiers: [1, 3], expected: 3 },
  { score: 0.45, target: 0.95, tiers: [1, 3], expected: 1 },
  { score: 0.55, target: 0.9, tiers: [1, 3], expected: 1 },
  { score: 0.01, target: 1, tiers: [1, 2], expected: 2 },
  { score: 0.99, target: 0.85, tiers: [1, 2], expected: 1 },
  // Three tiers, target 0.95: strong from 0.5, middle from 0.3 (the threshold for 0.975), lowest below.
  { score: 0.6, target: 0.95, tiers: [1, 2, 3], expected: 3 },
  { score: 0.4, target: 0.95, tiers: [1, 2, 3], expected: 2 },
  { score: 0.3, target: 0.95, tiers: [3, 1, 2], expected: 2 },
  { score: 0.2, target: 0.95, tiers: [1, 2, 3], expected: 1 },
  // Target 0.9: strong from 0.7, middle from 0.5 (the threshold for 0.95).
  { score: 0.6, target: 0.9, tiers: [1, 2, 3], expected: 2 },
  // Target 0.85: nothing needs the strong model; the stricter 0.925 rounds up to the 0.95 point.
  { score: 0.99, target: 0.85, tiers: [1, 2, 3], expected: 2 },
  { score: 0.9, target: 0.95, tiers: [2], expected: 2 },
  { score: 0.4, target: 0.95, tiers: [2, 3], expected: 2 },
];

describe('chooseModelTier', () => {
  it.each(cases)(
    'score $score, target $target, tiers $tiers -> tier $expected',
    ({ score, target, tiers, expected }) => {
      expect(chooseModelTier({ score, qualityTarget: target, availableTiers: tiers, calibration }).tier).toBe(expected);
    },
  );

  it('explains the choice', () => {
    const choose = (score: number) =>
      chooseModelTier({ score, qualityTarget: 0.95, availableTiers: [1, 2, 3], calibration }).reason;
    expect(choose(0.55)).toBe("score 0.550 >= 0.500, the threshold for 95% of the strong model's quality");
    expect(choose(0.4)).toBe('score 0.400 is below 0.500 but reaches 0.300, the threshold for 97.5%');
    expect(choose(0.2)).toBe("score 0.200 < 0.500, the threshold for 95% of the strong model's quality");
    expect(chooseModelTier({ score: 0.2, qualityTarget: 0.95, availableTiers: [2], calibration }).reason).toBe(
      'tier 2 is the only one available',
    );
  });

  describe('when unsure, quality first', () => {
    // A margin of error of ln(3) logits: below the 0.5 threshold for 95%, scores down to 0.25 are unsure.
    const withMargin: QualityCalibration = {
      ...calibration,
      uncertainty: { logitMargin: Math.log(3), description: 'hand-made' },
    };
    const choose = (score: number, tiers: CapabilityTier[]) =>
      chooseModelTier({ score, qualityTarget: 0.95, availableTiers: tiers, calibration: withMargin });

    it('sends a score just below the threshold to the strongest tier, and says why', () => {
      const choice = choose(0.4, [1, 3]);
      expect(choice).toMatchObject({ tier: 3, unsure: true });
      expect(choice.reason).toBe(
        "unsure: score 0.400 is just below 0.500, the threshold for 95% of the strong model's quality, within the router's margin of error (down to 0.250), so the stronger model answers (quality first)",
      );
      expect(choose(0.26, [1, 3])).toMatchObject({ tier: 3, unsure: true });
    });

    it('is sure above the threshold and below the margin', () => {
      expect(choose(0.5, [1, 3])).toMatchObject({ tier: 3, unsure: false });
      expect(choose(0.24, [1, 3])).toMatchObject({ tier: 1, unsure: false });
    });

    it('with three tiers, escalates the unsure band to the top and leaves the middle tier what lies below it', () => {
      expect(choose(0.3, [1, 2, 3])).toMatchObject({ tier: 3, unsure: true });
      // Below the unsure band the middle tier starts at 0.3 (97.5%); a tighter margin leaves it room.
      const narrow: QualityCalibration = {
        ...calibration,
        uncertainty: { logitMargin: 0.2, description: 'hand-made' },
      };
      expect(
        chooseModelTier({ score: 0.4, qualityTarget: 0.95, availableTiers: [1, 2, 3], calibration: narrow }),
      ).toMatchObject({ tier: 2, unsure: false });
    });

    it('has no band where everything or nothing goes to the strong model', () => {
      expect(
        chooseModelTier({ score: 0.99, qualityTarget: 0.85, availableTiers: [1, 3], calibration: withMargin }),
      ).toMatchObject({ tier: 1, unsure: false });
    });
  });

  it('needs at least one tier', () => {
    expect(() => chooseModelTier({ score: 0.5, qualityTarget: 0.95, availableTiers: [], calibration })).toThrow(
      /No model tier/,
    );
  });
});
