import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

/** `file`: answered as these bytes with these headers instead of JSON (a PDF download). */
interface StubReply {
  status?: number;
  body?: unknown;
  file?: { bytes: Uint8Array; headers: Record<string, string> };
}
export type StubAnswer = StubReply | Promise<StubReply>;
export type StubHandler = (request: RecordedRequest) => StubAnswer;

/**
 * Replaces the global fetch with a handler that sees method, path, JSON body and bearer token.
 * Only the network edge is replaced; the client code under test runs for real.
 */
export function stubFetch(handler: StubHandler) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
      headers,
      signal: init.signal,
    };
    requests.push(request);
    const answer = await handler(request);
    const status = answer.status ?? 200;
    if (answer.file) return new Response(answer.file.bytes as BodyInit, { status, headers: answer.file.headers });
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

export function apiErrorBody(code: string, message: string) {
  return { code, message, detail: message };
}
