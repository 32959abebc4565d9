import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';

/**
 * Issue 24's crash promise, "no usage of a call whose first byte was sent is ever lost", as an
 * order: a call's usage record is written (streaming, at the prompt's estimate) before its first
 * byte leaves, so a kill -9 at any moment after that byte leaves a record for recovery to mark
 * interrupted (docs/decisions/064). Shown by making the record impossible to write for a while: a
 * second connection locks every price version, which a usage record's foreign key must share-lock
 * and nothing else on the request path touches. The model is asked meanwhile, and answers at once;
 * no byte of either answer may reach the client until the lock goes. PostgreSQL only: PGlite has
 * one connection, so nothing can hold a lock beside the server.
 */
let limits: LimitsServer;
beforeAll(async () => {
  limits = await startLimitsServer();
}, 60_000);
afterAll(() => limits?.close());

const mini = 'openai/gpt-4o-mini';

/** Resolves to the response's status and whole body; `arrived` tells whether its headers are in yet. */
function watched(request: Promise<Response>) {
  const state = { arrived: false };
  const whole = request.then(async (response) => {
    state.arrived = true;
    return { status: response.status, body: await response.text() };
  });
  return { state, whole };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the first byte of an answer waits for its usage record', () => {
  it('sends nothing of a chat reply or a /v1 answer while their usage records cannot be written', {
    timeout: 120_000,
  }, async () => {
    const user = await limits.newAdministrator('firstbyte');
    const { secret } = await limits.createApiKey(user);
    limits.provider.setDefaultReply({ text: 'answered at once' });
    const blocker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
    let locked = false;
    try {
      await blocker.query('begin');
      await blocker.query('select id from model_prices for update');
      locked = true;
      const askedBefore = limits.provider.requests.length;
      const chat = watched(
        fetch(`${limits.server.url}/api/conversation/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify({
            org_id: user.orgId,
            user_id: user.userId,
            prompt: 'Which river runs through the old town?',
            forced_model_id: mini,
            stream: true,
          }),
        }),
      );
      const program = watched(
        fetch(`${limits.server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify({
            model: mini,
            messages: [{ role: 'user', content: 'Name a mountain in the Alps' }],
            stream: true,
          }),
        }),
      );
      // Both models were asked and answered; still no answer may have begun.
      for (let waited = 0; limits.provider.requests.length < askedBefore + 2 && waited < 30_000; waited += 100)
        await sleep(100);
      expect(limits.provider.requests.length - askedBefore).toBe(2);
      await sleep(1_500);
      expect({ chat: chat.state.arrived, program: program.state.arrived }).toEqual({ chat: false, program: false });

      await blocker.query('rollback');
      locked = false;
      const [chatAnswer, programAnswer] = await Promise.all([chat.whole, program.whole]);
      expect(chatAnswer.status, chatAnswer.body).toBe(200);
      expect(chatAnswer.body).toContain('answered at once');
      expect(programAnswer.status, programAnswer.body).toBe(200);
      expect(programAnswer.body).toContain('[DONE]');

      const records = await blocker.query<{ source: string; outcome: string }>(
        `select source, outcome from usage_records where org_id = $1 order by source`,
        [user.orgId],
      );
      expect(records.rows).toEqual([
        { source: 'api', outcome: 'complete' },
        { source: 'chat', outcome: 'complete' },
      ]);
    } finally {
      if (locked) await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
  });
});
