import { useCallback, useRef } from 'react';
import { ApiError } from '../../../lib/api-error';

/** getRandomValues works outside secure contexts too (randomUUID does not: a plain-http intranet host). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** An answer that settles the attempt: the server decided (credited, declined, refused). Timeouts and 5xx may not have. */
export function isSettledAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * One Idempotency-Key per submission attempt: the same request sent again before it was settled
 * (a double click, a retry after a timeout) carries the same key, so the server charges once; a
 * changed request, or one after a settled answer, gets a new key.
 */
export function useAttemptKey() {
  const attempt = useRef<{ request: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const signature = JSON.stringify(request);
    if (attempt.current?.request !== signature) attempt.current = { request: signature, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
  const settle = useCallback(() => {
    attempt.current = null;
  }, []);
  return { keyFor, settle };
}
