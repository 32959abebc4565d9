import type { MonthlyLimitKind } from '../../contracts';

// Exact arithmetic of monthly limits (docs/decisions/019, 063): tokens are integers, money is
// picodollars (src/money) as bigint; a model's prices are whole picodollars per token.

/**
 * The prompt's tokens held for a call: our tokenizer's estimate plus a quarter. Providers count
 * with their own tokenizers (Claude's and Llama's find more tokens in the same text than o200k), and
 * what they report is what is recorded; the margin keeps that under what was held.
 */
export function heldInputTokens(estimate: number): number {
  return estimate + Math.ceil(estimate / 4);
}

/** A role's monthly limits on one model; an absent limit is no limit. */
export interface MonthlyLimits {
  tokens?: bigint;
  costPicodollars?: bigint;
}

/** What is taken of the limits this month: recorded usage plus the room held by calls in progress. */
export interface Taken {
  tokens: bigint;
  costPicodollars: bigint;
}

/** A model's prices per token. Input is priced as uncached: the most it can cost. */
export interface TokenPrices {
  inputPicodollars: bigint;
  outputPicodollars: bigint;
}

export type Grant =
  | { granted: true; outputTokens: number; tokens: number; costPicodollars: bigint }
  /**
   * `fittingOutputTokens`: when the prompt and some of the reply fit but not the reply's whole cap
   * (and shortening was not allowed), the most output tokens that would fit.
   */
  | { granted: false; limit: MonthlyLimitKind; fittingOutputTokens?: number };

/**
 * How much room one call may hold: its input tokens and as many output tokens as the reply's cap,
 * the token limit and the cost limit all allow. Refused when not even one output token fits (the
 * token limit is named first when both are short), never granted past either limit. Unless
 * `shortenToFit` is false, the reply's cap is cut to what fits; when false, a call whose whole
 * cap does not fit is refused, saying how much would (docs/decisions/051).
 */
export function grantCall(request: {
  limits: MonthlyLimits;
  taken: Taken;
  prices: TokenPrices;
  inputTokens: number;
  outputCap: number;
  shortenToFit?: boolean;
}): Grant {
  const { limits, taken, prices } = request;
  const input = BigInt(request.inputTokens);
  const cap = BigInt(Math.max(0, request.outputCap));
  let output = cap;
  let cutBy: MonthlyLimitKind | undefined;
  if (limits.tokens !== undefined) {
    const room = limits.tokens - taken.tokens - input;
    if (room < 1n) return refused('monthly_token_limit', limits.tokens > taken.tokens);
    if (room < output) {
      output = room;
      cutBy = 'monthly_token_limit';
    }
  }
  const inputCost = input * prices.inputPicodollars;
  if (limits.costPicodollars !== undefined) {
    const room = limits.costPicodollars - taken.costPicodollars - inputCost;
    const someLeft = limits.costPicodollars > taken.costPicodollars;
    if (room < 0n) return refused('cost_limit', someLeft);
    if (prices.outputPicodollars > 0n) {
      const affordable = room / prices.outputPicodollars;
      if (affordable < 1n) return refused('cost_limit', someLeft);
      if (affordable < output) {
        output = affordable;
        cutBy = 'cost_limit';
      }
    }
  }
  if (output < 1n) return { granted: false, limit: limits.tokens !== undefined ? 'monthly_token_limit' : 'cost_limit' };
  if (cutBy && request.shortenToFit === false)
    return { granted: false, limit: cutBy, fittingOutputTokens: Number(output) };
  return {
    granted: true,
    outputTokens: Number(output),
    tokens: Number(input + output),
    costPicodollars: inputCost + output * prices.outputPicodollars,
  };
}

/** Refused: with some of the limit left, not even the prompt and one token of reply fit (none would). */
function refused(limit: MonthlyLimitKind, someLeft: boolean): Grant {
  return someLeft ? { granted: false, limit, fittingOutputTokens: 0 } : { granted: false, limit };
}

/** Whether `taken` is above 90% of `limit` (spec section 9), exactly. */
export function isAboveWarningShare(taken: bigint, limit: bigint): boolean {
  return taken * 10n > limit * 9n;
}
