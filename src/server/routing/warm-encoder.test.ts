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
    );
    expect(state.pending).toBe(true);
    loading.resolve();
    await loading.promise;
    await new Promise((settle) => setImmediate(settle));
    expect(state.pending).toBe(false);
    expect(lines.map((line) => line.msg)).toContain('sentence encoder ready');
  });

  it('tries again after a failure, logging it once with its cause, and is ready once a try succeeds', async () => {
    const { logger, lines } = collectingLogger();
    let tries = 0;
    const state = warmEncoder(
      routingWith(async () => {
        tries += 1;
        if (tries < 3) throw new Error(`model file missing (${tries})`);
      }),
      true,
      logger,
      { firstDelayMs: 1, maxDelayMs: 2, maxAttempts: 5 },
    );
    expect(state.pending).toBe(true);
    await state.done;
    expect(state.pending).toBe(false);
    expect(tries).toBe(3);
    const failures = lines.filter((line) => line.msg === 'the sentence encoder did not load; trying again');
    expect(failures.map((line) => [line.level, (line as { err?: { message: string } }).err?.message])).toEqual([
      [40, 'model file missing (1)'],
      [40, 'model file missing (2)'],
    ]);
    expect(lines.filter((line) => line.msg === 'sentence encoder ready')).toHaveLength(1);
  });

  it('stops holding readiness back after the last try, so the first message loads it', async () => {
    const { logger, lines } = collectingLogger();
    const state = warmEncoder(
      routingWith(async () => {
        throw new Error('model file missing');
      }),
      true,
      logger,
      { firstDelayMs: 1, maxDelayMs: 1, maxAttempts: 2 },
    );
    await state.done;
    expect(state.pending).toBe(false);
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
      'the sentence encoder did not load after 2 tries; the first message loads it',
    ]);
  });

  it('stops trying when the server stops', async () => {
    const { logger } = collectingLogger();
    let tries = 0;
    const state = warmEncoder(
      routingWith(async () => {
        tries += 1;
        throw new Error('down');
      }),
      true,
      logger,
      { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 5 },
    );
    await new Promise((settle) => setTimeout(settle, 20));
    state.stop();
    await state.done;
    expect(tries).toBe(1);
    expect(state.pending).toBe(false);
  });

  it('loads nothing when turned off', () => {
    let called = false;
    const state = warmEncoder(
      routingWith(async () => {
        called = true;
      }),
      false,
      pino({ level: 'silent' }),
    );
    expect(state.pending).toBe(false);
    expect(called).toBe(false);
  });
});
