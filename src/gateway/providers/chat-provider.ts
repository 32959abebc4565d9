import type { TokenUsage } from '../usage/token-usage';

/**
 * One turn of a conversation. The chat sets roles itself; the API for programs takes them from the
 * program, which speaks for its own organisation. `content` is the turn's text (what token counts
 * and the cache read); images, tool calls and tool results ride beside it.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** A user turn's images, in order after its text. */
  images?: readonly ChatImage[];
  /** An assistant turn's requests to call the program's tools. */
  toolCalls?: readonly ChatToolCall[];
  /** A tool turn: the call it answers (its id and the tool's name). */
  toolCallId?: string;
  toolName?: string;
}

/** An image in a prompt: an https URL, or a data URL carrying the bytes (`data:image/png;base64,...`). */
export interface ChatImage {
  url: string;
}

/** The model asking for a tool: its call id, the tool's name and its arguments as JSON text. */
interface ChatToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool the program offers the model: a function with a JSON Schema for its arguments. */
export interface ChatTool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

export type ChatToolChoice = 'auto' | 'none' | 'required' | { toolName: string };

/** The answer as JSON: any object, or one matching `schema`. */
export interface ChatResponseFormat {
  type: 'json';
  schema?: Record<string, unknown>;
  name?: string;
  description?: string;
}

/** One streamed model call. */
export interface ChatStreamRequest {
  /** Catalog id ('openai/gpt-4o-mini') at the gateway; the provider's own name inside an adapter. */
  modelId: string;
  messages: readonly ChatMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  stopSequences?: readonly string[];
  seed?: number;
  tools?: readonly ChatTool[];
  toolChoice?: ChatToolChoice;
  responseFormat?: ChatResponseFormat;
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
 * Parts of a stream, in this order: at most one 'response-start', any number of 'text' and
 * 'tool-call', then
 * exactly one 'usage' and one 'finish'. 'response-start' says the provider accepted the call and
 * began its answer (its HTTP response headers arrived; the embedded model took the request into
 * its queue): what a deadline on the time to the headers watches for. Usage is the provider's
 * report or, when it gives none, an estimate (`estimated`).
 */
export type ChatStreamPart =
  | { type: 'response-start' }
  | { type: 'text'; text: string }
  /** The model asks for one of the request's tools; `input` is the arguments' JSON text. */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
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
