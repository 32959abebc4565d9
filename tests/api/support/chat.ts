import { inject } from 'vitest';
import { parseStreamBody, type ParsedStream } from '../../../src/contracts';
import { randomAddress } from './client';

export interface StreamedAnswer {
  status: number;
  headers: Headers;
  /** The body's pieces as they arrived. */
  chunks: string[];
  body: string;
  parsed: ParsedStream;
}

/**
 * POSTs a streamed chat call and reads the body piece by piece. With `abortAfterChunks` the
 * client goes away after that many pieces, as a closed browser tab would.
 */
export async function streamChat(
  pathname: string,
  token: string,
  body: unknown,
  options: { abortAfterChunks?: number } = {},
): Promise<StreamedAnswer> {
  const controller = new AbortController();
  const response = await fetch(`${inject('baseUrl')}/api${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': randomAddress(),
    },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
      if (options.abortAfterChunks !== undefined && chunks.length >= options.abortAfterChunks) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  const text = chunks.join('');
  return { status: response.status, headers: response.headers, chunks, body: text, parsed: parseStreamBody(text) };
}

export const sendMessage = (token: string, body: Record<string, unknown>, options?: { abortAfterChunks?: number }) =>
  streamChat('/conversation/message', token, { stream: true, ...body }, options);

/** Polls until the check passes (replies are recorded just after the stream ends). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
