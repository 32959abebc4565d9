import type { TokenUsage } from '../usage/token-usage';

/**
 * How the fake provider answers one request. Every field is optional; the default is a
 * successful streamed reply 'Fake reply to: <last user message>'.
 */
export interface FakeReply {
  /** The reply, streamed one word (with its leading space) per chunk. */
  text?: string;
  /** Wait before each chunk, in milliseconds (embeddings: before the one answer). */
  chunkDelayMs?: number;
  /** Wait before answering at all (no status, no headers yet), in milliseconds: a provider slow to accept. */
  headersDelayMs?: number;
  /** Answer this status with the provider's error JSON instead of a reply. */
  failBeforeStream?: { status: number; message?: string; retryAfterSeconds?: number };
  /** Destroy the socket after this many text chunks (a dropped connection). */
  dropConnectionAfterChunks?: number;
  /** Close the connection without any answer (a kept-alive connection closed by the provider). */
  closeBeforeAnswer?: boolean;
  /** Send the provider's in-stream error event after this many text chunks, then end. */
  errorEventAfterChunks?: number;
  /**
   * Fall silent after this many text chunks (0: right after the headers and the opening frames):
   * nothing more is sent and the connection stays open until the client closes it, as a provider
   * that stalls mid-answer does. `headersDelayMs` is the stall before the headers.
   */
  stallAfterChunks?: number;
  /** Usage to report. 'none' sends no usage where the wire format allows it (OpenAI). */
  usage?: Partial<TokenUsage> | 'none';
  finishReason?: 'stop' | 'length';
  /** Tool calls the model makes after its text (the answer then finishes as a tool-use turn). */
  toolCalls?: FakeToolCall[];
}

/** A tool call the fake model makes: `arguments` is JSON text, as providers stream it. */
interface FakeToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A reply with its defaults filled in, ready for a wire format to write. */
export interface PlannedReply {
  chunks: string[];
  text: string;
  chunkDelayMs: number;
  headersDelayMs: number;
  usage: TokenUsage | undefined;
  finishReason: 'stop' | 'length';
  failBeforeStream: FakeReply['failBeforeStream'];
  dropConnectionAfterChunks: number | undefined;
  closeBeforeAnswer: boolean;
  errorEventAfterChunks: number | undefined;
  stallAfterChunks: number | undefined;
  toolCalls: FakeToolCall[];
}

/**
 * 'Hello big world' -> ['Hello', ' big', ' world']: each word keeps the space before it, the last
 * one the spaces after it. Cut at the ends of words, found once each: `/\s*\S+/g` re-read a long
 * run of spaces from each of its characters.
 */
export function splitIntoWordChunks(text: string): string[] {
  const ends = Array.from(text.matchAll(/\S+/g), (word) => word.index + word[0].length);
  if (ends.length === 0) return text ? [text] : [];
  ends[ends.length - 1] = text.length;
  return ends.map((end, index) => text.slice(index === 0 ? 0 : ends[index - 1], end));
}

function countWords(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
}

/**
 * Fills in the defaults. Default usage: one input token per word of the prompt, one output
 * token per chunk, nothing cached; predictable numbers that tests can tell from estimates. A
 * request's cap on output tokens cuts the reply at that many chunks (finish reason 'length'), as a
 * provider stops at max_tokens.
 */
export function planReply(
  reply: FakeReply,
  prompt: { texts: string[]; lastUserText: string; maxOutputTokens?: number },
): PlannedReply {
  const fullText = reply.text ?? (reply.toolCalls?.length ? '' : `Fake reply to: ${prompt.lastUserText}`);
  const allChunks = splitIntoWordChunks(fullText);
  const cut = prompt.maxOutputTokens !== undefined && allChunks.length > prompt.maxOutputTokens;
  const chunks = cut ? allChunks.slice(0, prompt.maxOutputTokens) : allChunks;
  const text = cut ? chunks.join('') : fullText;
  const defaults: TokenUsage = {
    inputTokens: countWords(prompt.texts),
    cachedInputTokens: 0,
    outputTokens: chunks.length,
  };
  return {
    chunks,
    text,
    chunkDelayMs: reply.chunkDelayMs ?? 0,
    headersDelayMs: reply.headersDelayMs ?? 0,
    usage: reply.usage === 'none' ? undefined : { ...defaults, ...reply.usage },
    finishReason: cut ? 'length' : (reply.finishReason ?? 'stop'),
    failBeforeStream: reply.failBeforeStream,
    dropConnectionAfterChunks: reply.dropConnectionAfterChunks,
    closeBeforeAnswer: reply.closeBeforeAnswer ?? false,
    errorEventAfterChunks: reply.errorEventAfterChunks,
    stallAfterChunks: reply.stallAfterChunks,
    toolCalls: reply.toolCalls ?? [],
  };
}
