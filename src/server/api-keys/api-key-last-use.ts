import type { Logger } from 'pino';
import type { Executor } from '../db/database';
import { recordKeysLastUse } from './key-authentication-repository';

/**
 * When and from where each key was last used, written off the request path: a request notes its
 * use, and the uses noted within `flushDelayMs` go out in one statement. A key is written at most
 * once per `intervalMs` (a minute) by each instance, and not at all while the time stored (read with
 * the key on every request) is that recent, so a busy key costs one write a minute, not one a
 * request. A crash loses at most the uses noted in the last `flushDelayMs`.
 */
export interface ApiKeyLastUse {
  note(key: { id: string; lastUsedAt: Date | null }, address: string, at?: Date): void;
  /** Writes what is noted now (shutdown, tests). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is noted. */
  close(): Promise<void>;
}

export interface ApiKeyLastUseOptions {
  db: Executor;
  logger: Logger;
  intervalMs?: number;
  flushDelayMs?: number;
  /** Keys remembered as written recently; the oldest are forgotten past it. */
  maxRemembered?: number;
}

export function createApiKeyLastUse(options: ApiKeyLastUseOptions): ApiKeyLastUse {
  const intervalMs = options.intervalMs ?? 60_000;
  const flushDelayMs = options.flushDelayMs ?? 1000;
  const maxRemembered = options.maxRemembered ?? 10_000;
  const pending = new Map<string, { at: Date; address: string }>();
  const writtenAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return writing;
    const uses = [...pending].map(([keyId, use]) => ({ keyId, ...use }));
    pending.clear();
    writing = writing
      .then(() => recordKeysLastUse(options.db, uses))
      .catch((error: unknown) =>
        options.logger.warn({ err: error, keys: uses.length }, 'recording API keys’ last use failed'),
      );
    return writing;
  }

  return {
    note(key, address, at = new Date()) {
      const now = at.getTime();
      if (key.lastUsedAt && now - key.lastUsedAt.getTime() < intervalMs) return;
      const written = writtenAt.get(key.id);
      if (written !== undefined && now - written < intervalMs) return;
      writtenAt.delete(key.id);
      writtenAt.set(key.id, now);
      if (writtenAt.size > maxRemembered) writtenAt.delete(writtenAt.keys().next().value!);
      pending.set(key.id, { at, address });
      timer ??= setTimeout(() => void flush(), flushDelayMs).unref();
    },
    flush,
    async close() {
      await flush();
    },
  };
}
