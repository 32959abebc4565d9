import type { RegenerateRequest, SendMessageRequest, StreamError, StreamMetadata } from '@contracts';
import { apiBasePath, refreshSession, reportRefusal } from '../../../lib/api-client';
import { ApiError, selectErrorMessage } from '../../../lib/api-error';
import { clearTokens, getStoredTokens } from '../../../lib/token-storage';
import { streamFailureMessages } from './send-failure-message';
import { createStreamParser } from './stream-parser';

export interface StreamedReply {
  text: string;
  metadata: StreamMetadata;
}

/** A reply that failed after its first byte; the partial text was already shown. */
export class StreamFailure extends Error {
  readonly partialText: string;
  readonly code: string;
  constructor(error: StreamError, partialText: string) {
    super(error.message);
    this.name = 'StreamFailure';
    this.code = error.code;
    this.partialText = partialText;
  }
}

interface StreamRequest {
  path: '/conversation/message' | '/conversation/regenerate';
  body: SendMessageRequest | RegenerateRequest;
  onText: (text: string) => void;
  /** The saved user message's session, told as soon as the answer starts (also when it is an error). */
  onSaved?: (saved: { sessionId: string; userMessageId: string }) => void;
  signal?: AbortSignal;
}

/** Posts a streamed call and hands each piece of reply text to `onText` as it arrives. */
export async function streamChatReply({ path, body, onText, onSaved, signal }: StreamRequest): Promise<StreamedReply> {
  let response = await post(path, body, signal);
  if (response.status === 401 && getStoredTokens().token) {
    // Same rule as the API client: one refresh, one retry; a failed refresh signs out.
    if (await refreshSession()) response = await post(path, body, signal);
    else clearTokens();
  }
  const sessionId = response.headers.get('X-Session-Id');
  const userMessageId = response.headers.get('X-User-Message-Id');
  if (sessionId && userMessageId) onSaved?.({ sessionId, userMessageId });
  if (!response.ok) {
    const body = await readJson(response);
    // The body goes along: a monthly-limit refusal carries its details (`limit`) for the banner.
    const refusal = new ApiError(response.status, selectErrorMessage(undefined, body), body);
    reportRefusal(refusal);
    throw refusal;
  }
  if (!response.body) throw new Error(streamFailureMessages.noStream);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createStreamParser();
  let text = '';
  const show = (piece: string) => {
    if (!piece) return;
    text += piece;
    onText(piece);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    show(parser.push(decoder.decode(value, { stream: true })));
  }
  show(parser.push(decoder.decode()));
  const closing = parser.finish();
  show(closing.text);
  if (closing.error) throw new StreamFailure(closing.error, text);
  if (!closing.metadata) throw new Error(streamFailureMessages.noMetadata);
  return { text, metadata: closing.metadata };
}

function post(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const token = getStoredTokens().token;
  return fetch(`${apiBasePath}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/plain',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
