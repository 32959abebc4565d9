import { countTokens } from 'gpt-tokenizer';
import { rememberedTokenCount, rememberTokenCount } from './remembered-token-counts';
import { countInTurns } from './counting-queue';
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

/**
 * The count of estimateTextTokens, worked out by the counting queue (counting-queue.ts) in slices
 * that give the event loop back between them, however many texts are being counted at once.
 */
export async function countTextTokens(text: string): Promise<number> {
  if (text.length === 0) return 0;
  const remembered = rememberedTokenCount(text);
  if (remembered !== undefined) return remembered;
  const count = await countInTurns(text, countPiece);
  rememberTokenCount(text, count);
  return count;
}

/** The count of estimateMessagesTokens, its texts queued together for the counting queue's slices. */
export async function countMessagesTokens(messages: readonly { content: string }[]): Promise<number> {
  const counts = await Promise.all(messages.map((message) => countTextTokens(message.content)));
  const contentTokens = counts.reduce((sum, count) => sum + count, 0);
  return contentTokens + messages.length * tokensPerMessage + tokensToPrimeReply;
}
