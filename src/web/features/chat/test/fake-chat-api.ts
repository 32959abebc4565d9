import type { ChatMessageView, ChatModel, ChatSessionView, ConversationSearchResponse } from '@contracts';
import { vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import type { RecordedRequest, StubAnswer } from '../../../test/fetch-stub';
import { framedReply, makeMetadata, makeModel, splitAt, streamedResponse } from './chat-fixtures';

export interface ChatRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  signal: AbortSignal | null | undefined;
}

type Answer = Response | { status?: number; body?: unknown };

interface FakeChatApiOptions {
  sessions?: ChatSessionView[];
  messagesBySession?: Record<string, ChatMessageView[]>;
  models?: ChatModel[];
  /** The streamed answer to POST /conversation/message; by default a framed reply in pieces. */
  reply?: (request: ChatRequest) => Answer | Promise<Answer>;
  /** Any other conversation call, keyed "METHOD /conversation/..."; checked first. */
  routes?: Record<string, (request: ChatRequest) => Answer | Promise<Answer>>;
  /** GET /conversation/search?q&page; by default nothing is found. */
  search?: (text: string, page: number) => ConversationSearchResponse | Promise<ConversationSearchResponse>;
  /** Calls outside the conversation API (preferences, ...), handed to the auth fake. */
  otherRoutes?: Record<string, (request: RecordedRequest) => StubAnswer>;
}

/** The auth fake of src/web/test plus the conversation calls, streaming real framed bodies. */
export function fakeChatApi(options: FakeChatApiOptions = {}) {
  const auth = fakeApi({ routes: options.otherRoutes });
  const requests: ChatRequest[] = [];
  const sessions = options.sessions ?? [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^\/api/, '');
    if (!path.startsWith('/conversation') && !path.startsWith('/feedback')) return auth.fetchStub(input, init);
    const request: ChatRequest = {
      method: init.method ?? 'GET',
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
      signal: init.signal,
    };
    requests.push(request);
    return toResponse(await answer(request));
  });

  function answer(request: ChatRequest): Answer | Promise<Answer> {
    const key = `${request.method} ${request.path}`;
    const override = options.routes?.[key];
    if (override) return override(request);
    if (key === 'POST /conversation/message') {
      return (
        options.reply?.(request) ??
        streamedResponse(splitAt(framedReply('Hello there, friend.', makeMetadata()), 5, 7, 3))
      );
    }
    if (request.method === 'GET' && request.path.startsWith('/conversation/search?')) {
      const query = new URLSearchParams(request.path.slice(request.path.indexOf('?') + 1));
      const text = query.get('q') ?? '';
      const page = Number(query.get('page') ?? '1');
      return Promise.resolve(options.search?.(text, page) ?? { results: [], page, limit: 20, has_more: false }).then(
        (body) => ({ body }),
      );
    }
    if (key === 'GET /conversation/models') return { body: { models: options.models ?? [makeModel()] } };
    if (request.path.startsWith('/conversation/session/list/')) return { body: { sessions } };
    const sessionMatch = /^\/conversation\/session\/([^/]+)$/.exec(request.path);
    if (sessionMatch && request.method === 'GET') {
      const found = sessions.find((session) => session.id === sessionMatch[1]);
      if (!found) return { status: 404, body: { code: 'not_found', message: 'Chat session not found' } };
      return { body: { ...found, messages: options.messagesBySession?.[found.id] ?? [] } };
    }
    if (request.method === 'DELETE' || request.method === 'PUT') return { body: { success: true } };
    if (key === 'POST /feedback') return { status: 201, body: { id: 'feedback-1' } };
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  }

  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(JSON.stringify(answer.body ?? {}), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
