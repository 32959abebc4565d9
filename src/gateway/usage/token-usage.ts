import { countTokens } from 'gpt-tokenizer';
import { rememberedTokenCount, rememberTokenCount } from './remembered-token-counts';
import { piecesOf, type TextPiece } from './token-pieces';

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

/**
 * Chat formats wrap each message in a few marker tokens (OpenAI documents 3 per message plus 3
 * to prime the reply); the estimates follow that so they are close for every provider.
 */
export const chatFormatTokens = { perMessage: 3, toPrimeReply: 3 } as const;
const { perMessage: tokensPerMessage, toPrimeReply: tokensToPrimeReply } = chatFormatTokens;

/**
 * Counting gives the event loop back after this long: a long prompt of unusual text takes the
 * BPE a few microseconds a character (200,000 random letters: about half a second), which must
 * not hold every other request (issue 20, docs/decisions/034). One clock for every count in the
 * process, so counting many short texts in a row gives way as often as one long one.
 */
const sliceMilliseconds = 4;
let sliceStarted = performance.now();

function countPiece(text: string, piece: TextPiece): number {
  return countTokens(text.slice(piece.start, piece.end), plainTextOptions) + (piece.forced ? 1 : 0);
}

/**
 * Estimates the tokens of a text with the o200k BPE (GPT-4o family); close for other models.
 * Linear in the length of the text (token-pieces.ts) but on the calling thread without a pause:
 * for a prompt or a history, which can be long, use countTextTokens / countMessagesTokens.
 */
export function estimateTextTokens(text: string): number {
  if (text.length === 0) return 0;
  const remembered = rememberedTokenCount(text);
  if (remembered !== undefined) return remembered;
  let count = 0;
  for (const piece of piecesOf(text)) count += countPiece(text, piece);
  rememberTokenCount(text, count);
  return count;
}

/** Estimates the input tokens of a chat: each message's content plus the chat format overhead. */
export function estimateMessagesTokens(messages: readonly { content: string }[]): number {
  const contentTokens = messages.reduce((sum, message) => sum + estimateTextTokens(message.content), 0);
  return contentTokens + messages.length * tokensPerMessage + tokensToPrimeReply;
}

/** The count of estimateTextTokens, worked out in slices that give the event loop back between them. */
export async function countTextTokens(text: string): Promise<number> {
  if (text.length === 0) return 0;
  const remembered = rememberedTokenCount(text);
  if (remembered !== undefined) return remembered;
  let count = 0;
  for (const piece of piecesOf(text)) {
    count += countPiece(text, piece);
    if (performance.now() - sliceStarted >= sliceMilliseconds) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  rememberTokenCount(text, count);
  return count;
}

/** The count of estimateMessagesTokens, worked out in slices that give the event loop back between them. */
export async function countMessagesTokens(messages: readonly { content: string }[]): Promise<number> {
  let contentTokens = 0;
  for (const message of messages) contentTokens += await countTextTokens(message.content);
  return contentTokens + messages.length * tokensPerMessage + tokensToPrimeReply;
}
