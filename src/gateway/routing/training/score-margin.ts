const logit = (probability: number): number => {
  const clipped = Math.min(1 - 1e-9, Math.max(1e-9, probability));
  return Math.log(clipped / (1 - clipped));
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The router's margin of error, in logits: the median, over prompts, of how far a prompt's score
 * moves between two models fitted on different data (the final model and the one that never saw
 * the prompt's benchmark), after removing the shift all scores share (which moves every prompt
 * alike and is the calibration's business). A score closer than this to a threshold could have
 * fallen on either side of it.
 */
export function scoreMargin(scores: readonly number[], otherScores: readonly number[]): number {
  if (scores.length === 0 || scores.length !== otherScores.length)
    throw new Error('Two equally long, non-empty score lists are needed');
  const differences = scores.map((score, index) => logit(score) - logit(otherScores[index]!));
  const shift = median(differences);
  return median(differences.map((difference) => Math.abs(difference - shift)));
}
