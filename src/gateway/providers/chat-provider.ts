import type { TokenUsage } from '../usage/token-usage';

/** One turn of a conversation. Roles are set by our server, never taken from user input. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One streamed model call. */
export interface ChatStreamRequest {
  /** Catalog id ('openai/gpt-4o-mini') at the gateway; the provider's own name inside an adapter. */
  modelId: string;
  messages: readonly ChatMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  /**
   * Stops the upstream request. When its reason is a TimeoutError (AbortSignal.timeout) the
   * stream throws a 'timeout' GatewayError; any other abort ends it with finish reason 'aborted'.
   */
  abortSignal?: AbortSignal;
}

/**
 * Why a stream ended. 'aborted' means the caller's signal stopped it; failures are thrown as
 * GatewayError instead of being a finish reason.
 */
export type ChatFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'aborted' | 'other';

/**
 * Parts of a stream, in this order: at most one 'response-start', any number of 'text', then
 * exactly one 'usage' and one 'finish'. 'response-start' says the provider accepted the call and
 * began its answer (its HTTP response headers arrived; the embedded model took the request into
 * its queue): what a deadline on the time to the headers watches for. Usage is the provider's
 * report or, when it gives none, an estimate (`estimated`).
 */
export type ChatStreamPart =
  | { type: 'response-start' }
  | { type: 'text'; text: string }
  | ({ type: 'usage'; estimated: boolean } & TokenUsage)
  | { type: 'finish'; reason: ChatFinishReason };

/**
 * The one interface every provider sits behind (modelled on the AI SDK's LanguageModel
 * specification). Cache, retries, metering and fallbacks wrap it as middleware: each takes a
 * ChatProvider and returns one. Errors are thrown as GatewayError, also after text has arrived.
 */
export interface ChatProvider {
  stream(request: ChatStreamRequest): AsyncIterable<ChatStreamPart>;
}
