import {
  chooseModelTier,
  createPromptRouter,
  routingTextForConversation,
  thresholdForQualityTarget,
  type CapabilityTier,
  type PromptRouterArtifact,
  type SentenceEncoder,
} from '../../gateway';
import { adjustedThreshold } from './calibration/calibration-rule';
import type { PromptScorer } from './prompt-scorer';

/** The committed router artifact behind the server's PromptScorer. */
export function createLearnedScorer(options: {
  encoder?: SentenceEncoder;
  artifact: PromptRouterArtifact;
}): PromptScorer {
  const router = createPromptRouter(options);
  const { calibration } = options.artifact;
  return {
    // The router was trained on the previous user turn and the current one together.
    score: async (userTurns, shared) => (await router.score([routingTextForConversation(userTurns)], [shared]))[0]!,
    chooseTier(score, qualityTarget, tiers, thresholdOffset = 0) {
      const { tier, unsure } = chooseModelTier({
        score,
        qualityTarget,
        availableTiers: tiers as CapabilityTier[],
        calibration,
        thresholdOffset,
      });
      return {
        tier,
        threshold: adjustedThreshold(thresholdForQualityTarget(calibration, qualityTarget), thresholdOffset),
        unsure,
      };
    },
  };
}
