/** Room kept for the reply: the model's maximum output, but never more than half the window. */
export function replyReserve(model: { contextWindow: number; maxOutputTokens: number }): number {
  return Math.min(model.maxOutputTokens, Math.floor(model.contextWindow / 2));
}
