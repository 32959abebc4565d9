import type { LazyPromptEmbedding } from '../../gateway';

/** The learned router as the server sees it. */
export interface PromptScorer {
  /**
   * How much the latest user turn (read with the one before it, when there is one) needs a strong
   * model; higher means more. `shared`: the request's embedding of its prompt, used instead of
   * embedding again when it is what the router's encoder would read.
   */
  score(userTurns: readonly string[], shared?: LazyPromptEmbedding): Promise<number>;
  /**
   * The tier for a score among the tiers on offer, for "aim for this share of the best model's
   * quality", with the score from which the strongest tier answers. `unsure`: the score was just
   * below that threshold, within the router's margin of error, so the strongest tier answers anyway.
   * `thresholdOffset`: the organisation's calibration (docs/decisions/028), added to the threshold.
   */
  chooseTier(
    score: number,
    qualityTarget: number,
    tiers: readonly number[],
    thresholdOffset?: number,
  ): { tier: number; threshold: number; unsure?: boolean };
}
