import { countTokens } from 'gpt-tokenizer';

/**
 * Normalised token usage of one model call: the seam between providers and billing.
 * `inputTokens` counts every input token, cached ones included; `cachedInputTokens` is the
 * part of it read from the provider's prompt cache (billed at the cached price).
 */
export interface TokenUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

// User text may contain strings such as "<|endoftext|>"; count them as text, never throw.
const plainTextOptions = { disallowedSpecial: new Set<string>() };

// Chat formats wrap each message in a few marker tokens (OpenAI documents 3 per message plus 3
// to prime the reply); the estimate follows that so it is close for every provider.
const tokensPerMessage = 3;
const tokensToPrimeReply = 3;

/** Estimates the tokens of a text with the o200k BPE (GPT-4o family); close for other models. */
export function estimateTextTokens(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, plainTextOptions);
}

/** Estimates the input tokens of a chat: each message's content plus the chat format overhead. */
export function estimateMessagesTokens(messages: readonly { content: string }[]): number {
  const contentTokens = messages.reduce((sum, message) => sum + estimateTextTokens(message.content), 0);
  return contentTokens + messages.length * tokensPerMessage + tokensToPrimeReply;
}
