/** The learned router as the server sees it: a score per prompt and the threshold for a quality target. */
export interface PromptScorer {
  /** How much the prompt needs a strong model; higher means more. */
  score(prompt: string): Promise<number>;
  /** The score from which the strongest tier answers, for "aim for this share of the best model's quality". */
  thresholdFor(qualityTarget: number): number;
}
