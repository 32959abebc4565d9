import type { ChatModel } from '@contracts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 2 });

/**
 * A per-message limit as people read it: exact below 10,000, else two significant digits rounded
 * down (1,014,808 reads 1M, 191,808 reads 190K), so the figure never promises more than the server
 * allows.
 */
export function formatTokenLimit(tokens: number): string {
  if (tokens < 10_000) return tokens.toLocaleString('en-US');
  const magnitude = 10 ** (Math.floor(Math.log10(tokens)) - 1);
  return compact.format(Math.floor(tokens / magnitude) * magnitude);
}

const shortReasons: Record<NonNullable<ChatModel['max_tokens_limited_by']>, string> = {
  model: 'model limit',
  organisation: 'organisation limit',
  role: 'role limit',
};

const reasons: Record<NonNullable<ChatModel['max_tokens_limited_by']>, string> = {
  model: "the model's context window less the room kept for its reply",
  organisation: "your organisation's limit per request",
  role: "your role's limit per request",
};

/** 'max 1M tokens a message (model limit)'. */
export function tokenLimitSummary(model: Pick<ChatModel, 'max_tokens' | 'max_tokens_limited_by'>): string {
  const reason = model.max_tokens_limited_by ? ` (${shortReasons[model.max_tokens_limited_by]})` : '';
  return `max ${formatTokenLimit(model.max_tokens)} tokens a message${reason}`;
}

/** The exact figure and where it comes from, for the hover text and screen readers. */
export function tokenLimitExplanation(model: Pick<ChatModel, 'max_tokens' | 'max_tokens_limited_by'>): string {
  const reason = model.max_tokens_limited_by
    ? reasons[model.max_tokens_limited_by]
    : 'the most one message to this model may carry';
  return `Up to ${model.max_tokens.toLocaleString('en-US')} tokens: ${reason}. A token is about 4 characters.`;
}
