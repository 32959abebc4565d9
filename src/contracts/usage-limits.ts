import { z } from 'zod';
import { sendFailures } from './messages';

/** The two monthly limits a role sets per model (spec section 3): tokens, and cost in USD. */
export const monthlyLimitKinds = ['monthly_token_limit', 'cost_limit'] as const;
export type MonthlyLimitKind = (typeof monthlyLimitKinds)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A chat request refused by a monthly limit (429), beside the error's `message`: which limit, on
 * which model, how much of it is recorded this month and how much is held by replies still being
 * written, when it resets (the first day of next month, UTC), and a cheaper model the role enables
 * that still has room, if there is one (the web app offers to switch to it and resend).
 */
export const limitRefusalSchema = z.object({
  kind: z.enum(monthlyLimitKinds),
  model_id: z.string(),
  model_name: z.string(),
  /** Tokens, or USD for the cost limit. */
  limit: z.number(),
  used: z.number(),
  reserved: z.number(),
  resets_on: isoDate,
  alternative: z.object({ model_id: z.string(), name: z.string() }).nullable(),
  /**
   * 'exceeded': what is taken has reached the limit. 'does_not_fit': some is left, but not enough
   * for this request's prompt and its largest reply (docs/decisions/051). Absent from older servers.
   */
  reason: z.enum(['exceeded', 'does_not_fit']).optional(),
  /** For 'does_not_fit': the most this request could use (tokens: prompt held plus the reply's cap). */
  request_tokens: z.number().optional(),
  /** For 'does_not_fit': the reply's cap (the role's max tokens per request). */
  reply_tokens: z.number().optional(),
  /** For 'does_not_fit': the longest reply, in tokens, that would fit what is left. */
  fitting_reply_tokens: z.number().optional(),
});
export type LimitRefusal = z.infer<typeof limitRefusalSchema>;

/**
 * One model's standing against the caller's monthly limits, in `GET /conversation/models` (absent
 * for unlimited roles). `*_used` is recorded this month, `*_reserved` held by replies being written;
 * `warning` names the limit above 90% (tokens first), else null.
 */
export const modelLimitUsageSchema = z.object({
  token_limit: z.number(),
  tokens_used: z.number(),
  tokens_reserved: z.number(),
  cost_limit: z.number(),
  cost_used: z.number(),
  cost_reserved: z.number(),
  resets_on: isoDate,
  warning: z.enum(monthlyLimitKinds).nullable(),
  /**
   * The most tokens one message can take of the monthly limit (its largest prompt, with the margin
   * held for it, and its largest reply). When less than that is left the warning is set even below
   * 90%, as the next message may be refused (docs/decisions/051).
   */
  request_tokens_max: z.number().optional(),
});
export type ModelLimitUsage = z.infer<typeof modelLimitUsageSchema>;

/** The first day of the calendar month after `now`, in UTC, as an ISO date: when monthly limits reset. */
export function limitResetDate(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const formatTokens = (tokens: number) => tokens.toLocaleString('en-US');
// Money is shown to 2 decimals (spec section 9); a small amount that would read $0.00 says so instead.
const formatUsd = (usd: number) =>
  usd > 0 && usd < 0.005
    ? 'under $0.01'
    : `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The refusal's text. It starts with the phrase the web app recognises ('token limit exceeded',
 * 'cost limit exceeded', spec section 8) and says on which model, how much is taken and when the
 * limit resets.
 */
export function limitRefusalMessage(refusal: LimitRefusal): string {
  if (refusal.reason === 'does_not_fit') return doesNotFitMessage(refusal);
  const isTokens = refusal.kind === 'monthly_token_limit';
  const phrase = isTokens ? sendFailures.tokenLimit.phrase : sendFailures.costLimit.phrase;
  const amount = (value: number) => (isTokens ? formatTokens(value) : formatUsd(value));
  const unit = isTokens ? ' tokens' : '';
  const held =
    refusal.reserved > 0 ? ` (${amount(refusal.reserved)}${unit} of it held by replies still being written)` : '';
  const alternative = refusal.alternative ? ` ${refusal.alternative.name} is cheaper and still has room.` : '';
  return (
    `Monthly ${phrase} on ${refusal.model_name} (${refusal.model_id}): ${amount(refusal.used + refusal.reserved)} of ${amount(refusal.limit)}${unit} ` +
    `taken this month${held}. It resets on ${refusal.resets_on}.${alternative}`
  );
}

/**
 * A request refused because its prompt and largest reply do not fit what is left: how much it
 * could use, how much is left, and what would fit. It never says "exceeded": nothing was.
 */
function doesNotFitMessage(refusal: LimitRefusal): string {
  const isTokens = refusal.kind === 'monthly_token_limit';
  const reply = refusal.reply_tokens ?? 0;
  const could = refusal.request_tokens ?? 0;
  const taken = refusal.used + refusal.reserved;
  const held =
    refusal.reserved > 0
      ? `${isTokens ? formatTokens(refusal.reserved) : formatUsd(refusal.reserved)} held by replies still being written, `
      : '';
  const left = isTokens
    ? `${formatTokens(Math.max(0, refusal.limit - taken))} of your ${formatTokens(refusal.limit)} monthly tokens are left (${held}${formatTokens(refusal.used)} used)`
    : `${formatUsd(Math.max(0, refusal.limit - taken))} of your ${formatUsd(refusal.limit)} monthly cost limit is left (${held}${formatUsd(refusal.used)} used)`;
  const mostItCouldUse = isTokens
    ? `could use up to ${formatTokens(could)} tokens on ${refusal.model_name} (about ${formatTokens(could - reply)} for the conversation and a reply of up to ${formatTokens(reply)})`
    : `could cost more than is left on ${refusal.model_name} with a reply of up to ${formatTokens(reply)} tokens`;
  const fits =
    refusal.fitting_reply_tokens === 0
      ? ' Even without a reply it would not fit: start a new chat or send a shorter message.'
      : refusal.fitting_reply_tokens !== undefined
        ? ` A reply of up to ${formatTokens(refusal.fitting_reply_tokens)} tokens would fit: your administrator can let your role shorten replies to fit.`
        : '';
  const alternative = refusal.alternative ? ` ${refusal.alternative.name} is cheaper and has room.` : '';
  return `This message ${mostItCouldUse}, but ${left}.${fits}${alternative} It resets on ${refusal.resets_on}.`;
}

/** The chat's warning above 90% of a limit, for one model. */
export function limitWarningText(modelName: string, usage: ModelLimitUsage): string | undefined {
  if (!usage.warning) return undefined;
  const isTokens = usage.warning === 'monthly_token_limit';
  const taken = isTokens ? usage.tokens_used + usage.tokens_reserved : usage.cost_used + usage.cost_reserved;
  const limit = isTokens ? usage.token_limit : usage.cost_limit;
  const percent = limit > 0 ? Math.min(100, Math.floor((taken / limit) * 100)) : 100;
  if (isTokens && percent < 90 && usage.request_tokens_max !== undefined)
    return `Your next message to ${modelName} may not fit your monthly token limit: ${formatTokens(Math.max(0, limit - taken))} of ${formatTokens(limit)} tokens are left, and one message can use up to ${formatTokens(usage.request_tokens_max)}. It resets on ${usage.resets_on}.`;
  return `You have used ${percent}% of your monthly ${isTokens ? 'token' : 'cost'} limit for ${modelName}. It resets on ${usage.resets_on}.`;
}
