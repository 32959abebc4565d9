import type { PlannedReply } from './fake-reply';

/** What a wire format reads from a request body. */
interface PromptSummary {
  model: string;
  stream: boolean;
  /** OpenAI's `stream_options.include_usage`; other formats always report usage. */
  includeUsage: boolean;
  /** Every text of the prompt, system included. */
  texts: string[];
  lastUserText: string;
  /** The request's cap on output tokens, when it sets one: a provider never generates more. */
  maxOutputTokens?: number;
}

/** Everything a wire format needs to write one answer. */
export interface AnswerContext {
  id: string;
  model: string;
  reply: PlannedReply;
  includeUsage: boolean;
}

/** One provider's HTTP protocol, as the fake server speaks it. */
export interface WireFormat {
  name: 'openai' | 'anthropic' | 'google';
  readPrompt(body: unknown, path: string): PromptSummary;
  /** The JSON body of a failed answer with this status, in the provider's error shape. */
  errorBody(status: number, message: string | undefined): unknown;
  /** Complete SSE frames ("event: ...\ndata: ...\n\n"). */
  openingFrames(context: AnswerContext): string[];
  textFrame(text: string, context: AnswerContext): string;
  errorFrame(context: AnswerContext): string;
  closingFrames(context: AnswerContext): string[];
  /** The body of a non-streaming answer. */
  completeBody(context: AnswerContext): unknown;
}

/** One SSE frame; `event` only for formats that name their events (Anthropic). */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

/** Plain text of a message content given as a string or as a list of parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
}
