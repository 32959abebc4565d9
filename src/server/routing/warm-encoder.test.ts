import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { warmEncoder } from './warm-encoder';

function routingWith(warm: () => Promise<void>): ConversationDependencies['routing'] {
  return {
    policies: {} as ConversationDependencies['routing']['policies'],
    cacheDefaults: {} as ConversationDependencies['routing']['cacheDefaults'],
    warm,
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function collectingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { logger, lines };
}

describe('warmEncoder', () => {
  it('is pending until the encoder has run once, then not', async () => {
    const loading = deferred();
    const { logger, lines } = collectingLogger();
    const state = warmEncoder(
      routingWith(() => loading.promise),
      true,
      logger,
      () => false,
    );
    expect(state.pending).toBe(true);
    loading.resolve();
    await loading.promise;
    await new Promise((settle) => setImmediate(settle));
    expect(state.pending).toBe(false);
    expect(lines.map((line) => line.msg)).toContain('sentence encoder ready');
  });

  it('logs a failure and stops holding readiness back, so the first message loads it', async () => {
    const loading = deferred();
    const { logger, lines } = collectingLogger();
    const state = warmEncoder(
      routingWith(() => loading.promise),
      true,
      logger,
      () => false,
    );
    loading.reject(new Error('model file missing'));
    await loading.promise.catch(() => undefined);
    await new Promise((settle) => setImmediate(settle));
    expect(state.pending).toBe(false);
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(/did not load at start/);
  });

  it('loads nothing when turned off', () => {
    let called = false;
    const state = warmEncoder(
      routingWith(async () => {
        called = true;
      }),
      false,
      pino({ level: 'silent' }),
      () => false,
    );
    expect(state.pending).toBe(false);
    expect(called).toBe(false);
  });
});
