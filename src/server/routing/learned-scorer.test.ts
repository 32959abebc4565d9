import { describe, expect, it } from 'vitest';
import { loadPromptRouterArtifact } from '../../gateway';
import { createLearnedScorer } from './learned-scorer';

describe('the learned scorer', () => {
  it('needs no encoder for the committed router, and marks a score just below the threshold as unsure', async () => {
    const artifact = await loadPromptRouterArtifact();
    const scorer = createLearnedScorer({ artifact });
    const [easy, hard] = [
      await scorer.score(['hi']),
      await scorer.score([
        'Implement a function that merges two sorted linked lists in Python, then explain its complexity.',
      ]),
    ];
    expect(hard).toBeGreaterThan(easy);

    const { threshold } = scorer.chooseTier(0.5, 0.95, [1, 3]);
    const margin = artifact.calibration.uncertainty!.logitMargin;
    expect(margin).toBeGreaterThan(0);
    const logit = Math.log(threshold / (1 - threshold));
    const justBelow = 1 / (1 + Math.exp(-(logit - margin / 2)));
    const wellBelow = 1 / (1 + Math.exp(-(logit - margin * 2)));
    expect(scorer.chooseTier(justBelow, 0.95, [1, 3])).toEqual({ tier: 3, threshold, unsure: true });
    expect(scorer.chooseTier(wellBelow, 0.95, [1, 3])).toEqual({ tier: 1, threshold, unsure: false });
    expect(scorer.chooseTier(threshold, 0.95, [1, 3])).toEqual({ tier: 3, threshold, unsure: false });
  });

  it("moves the threshold by the organisation's offset, and the unsure band with it", async () => {
    const scorer = createLearnedScorer({ artifact: await loadPromptRouterArtifact() });
    const { threshold } = scorer.chooseTier(0.5, 0.95, [1, 3]);
    const lowered = scorer.chooseTier(0.5, 0.95, [1, 3], -0.1);
    expect(lowered.threshold).toBeCloseTo(threshold - 0.1, 9);
    // A score the calibrated threshold sends to the cheap tier with confidence reaches the strongest once lowered.
    const between = threshold - 0.1;
    expect(scorer.chooseTier(between - 0.05, 0.95, [1, 3]).tier).toBe(1);
    expect(scorer.chooseTier(between, 0.95, [1, 3], -0.1)).toEqual({
      tier: 3,
      threshold: lowered.threshold,
      unsure: false,
    });
    expect(scorer.chooseTier(threshold, 0.95, [1, 3], 0.1).tier).toBe(3);
    expect(scorer.chooseTier(threshold, 0.95, [1, 3], 0.1).unsure).toBe(true);
  });
});
