import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/server';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';

/**
 * Two instances on one PostgreSQL server (docs/decisions/019): the user's row is locked while
 * room is taken, so requests spread over both cannot pass a monthly limit together. Only on
 * PostgreSQL: the embedded database belongs to one process.
 */
describe('monthly limits across two instances on one database', () => {
  let limits: LimitsServer;
  let second: RunningServer;
  beforeAll(async () => {
    limits = await startLimitsServer();
    second = await limits.startAnotherInstance();
  }, 60_000);
  afterAll(() => limits?.close());

  it('never records more than the limit when 50 messages arrive at both at once', { timeout: 120_000 }, async () => {
    const tokenLimit = 600;
    const user = await limits.limitedUser([
      { modelId: 'openai/gpt-4o-mini', maxTokensPerRequest: 40, monthlyTokenLimit: tokenLimit },
    ]);
    limits.provider.setDefaultReply({ text: 'a b c d e f g h i j', chunkDelayMs: 20 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        limits.send(
          user,
          `Message number ${index} for either instance`,
          'openai/gpt-4o-mini',
          index % 2 === 0 ? limits.server : second,
        ),
      ),
    );
    const books = await limits.books(user);
    expect(books.tokens).toBeLessThanOrEqual(tokenLimit);
    expect(books.reservations).toBe(0);
    const served = answers.filter((answer) => answer.status === 200).length;
    expect(served).toBeGreaterThan(0);
    expect(books.records).toBe(served);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 429)).toBe(true);
  });
});
