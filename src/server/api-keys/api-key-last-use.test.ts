import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/database';
import { createApiKeyLastUse } from './api-key-last-use';

/** An executor that counts the statements it is given; what they do to a database is the API tests' part. */
function countingExecutor() {
  const statements: unknown[] = [];
  const executor = { execute: async (statement: unknown) => statements.push(statement) } as unknown as Executor;
  return { executor, statements };
}

const logger = pino({ level: 'silent' });
const minute = 60_000;

describe('recording when API keys were last used', () => {
  it('writes many uses of many keys in one statement, later than the requests', async () => {
    const { executor, statements } = countingExecutor();
    const lastUse = createApiKeyLastUse({ db: executor, logger, flushDelayMs: 60_000 });
    for (let index = 0; index < 50; index += 1) lastUse.note({ id: `key-${index % 5}`, lastUsedAt: null }, '10.0.0.1');
    expect(statements).toHaveLength(0);
    await lastUse.flush();
    expect(statements).toHaveLength(1);
    await lastUse.close();
  });

  it('writes a key at most once a minute, and not while the stored time is that recent', async () => {
    const { executor, statements } = countingExecutor();
    const lastUse = createApiKeyLastUse({ db: executor, logger, flushDelayMs: 60_000 });
    const start = new Date('2026-12-01T12:00:00Z');
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);

    lastUse.note({ id: 'busy', lastUsedAt: null }, '10.0.0.1', at(0));
    await lastUse.flush();
    lastUse.note({ id: 'busy', lastUsedAt: null }, '10.0.0.1', at(30_000));
    await lastUse.flush();
    expect(statements).toHaveLength(1);

    lastUse.note({ id: 'busy', lastUsedAt: null }, '10.0.0.1', at(minute + 1));
    await lastUse.flush();
    expect(statements).toHaveLength(2);

    // Another instance wrote it a moment ago: nothing to write here.
    lastUse.note({ id: 'elsewhere', lastUsedAt: at(-10_000) }, '10.0.0.2', at(0));
    await lastUse.flush();
    expect(statements).toHaveLength(2);
    await lastUse.close();
  });

  it('writes on its own after the delay, and a failed write is logged, not thrown', async () => {
    let calls = 0;
    const failing = {
      execute: async () => {
        calls += 1;
        throw new Error('database gone');
      },
    } as unknown as Executor;
    const lastUse = createApiKeyLastUse({ db: failing, logger, flushDelayMs: 10 });
    lastUse.note({ id: 'key', lastUsedAt: null }, '10.0.0.1');
    await expect.poll(() => calls, { timeout: 5000 }).toBe(1);
    await expect(lastUse.close()).resolves.toBeUndefined();
  });
});
