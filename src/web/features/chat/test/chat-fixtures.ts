import {
  formatErrorLine,
  formatMetaLine,
  type ChatMessageView,
  type ChatModel,
  type ChatSessionView,
  type ReplyVersionView,
  type StreamMetadata,
} from '@contracts';

export function makeMetadata(overrides: Partial<StreamMetadata> = {}): StreamMetadata {
  return {
    usr_msg_id: 'user-message-1',
    assistant_msg_id: 'assistant-message-1',
    session_id: 'session-1',
    created_at: '2026-01-02T10:00:00.000Z',
    primary_model: 'local/tinyllama',
    backup_model: null,
    tokens_used: 42,
    selection_id: 'assistant-message-1',
    user_id: 'user-1',
    ...overrides,
  };
}

/** A body framed exactly as the server frames it (decision 007). */
export function framedReply(text: string, metadata: StreamMetadata = makeMetadata()): string {
  return `${text}${formatMetaLine(metadata)}`;
}

export function framedFailure(text: string, message = 'The model stopped answering'): string {
  return `${text}${formatErrorLine({ code: 'upstream_failed', message })}`;
}

/** Splits text into pieces of the given sizes (the last piece takes the rest). */
export function splitAt(text: string, ...sizes: number[]): string[] {
  const pieces: string[] = [];
  let offset = 0;
  for (const size of sizes) {
    pieces.push(text.slice(offset, offset + size));
    offset += size;
  }
  pieces.push(text.slice(offset));
  return pieces.filter((piece) => piece.length > 0);
}

/** A streamed text/plain response whose body arrives in the given chunks. */
export function streamedResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function makeSession(overrides: Partial<ChatSessionView> = {}): ChatSessionView {
  return {
    id: 'session-1',
    title: 'Hello there...',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  return {
    id: 'message-1',
    session_id: 'session-1',
    role: 'user',
    content: 'Hello there',
    model: null,
    status: 'complete',
    tokens_used: 0,
    created_at: '2026-01-02T10:00:00.000Z',
    edited_at: null,
    usage: null,
    feedback: null,
    selection_id: null,
    route: null,
    ...overrides,
  };
}

/** An earlier answer of a reply, as GET /conversation/session/{id} lists it. */
export function makeVersion(overrides: Partial<ReplyVersionView> = {}): ReplyVersionView {
  return {
    prompt: 'Hello there',
    content: 'An earlier answer.',
    model: 'local/tinyllama',
    status: 'complete',
    tokens_used: 5,
    created_at: '2026-01-02T10:00:00.000Z',
    cost_usd: 0,
    finish_reason: 'stop',
    ...overrides,
  };
}

export function makeModel(overrides: Partial<ChatModel> = {}): ChatModel {
  return { model_id: 'tinyllama', name: 'TinyLlama', provider: 'local', max_tokens: 2000, ...overrides };
}

/** A streamed response that sends the chunks, then stays open until the request is aborted. */
export function openStreamedResponse(chunks: string[], signal: AbortSignal | null | undefined): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      signal?.addEventListener('abort', () =>
        controller.error(new DOMException('The operation was aborted.', 'AbortError')),
      );
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
