import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveUsageRecord } from '../../src/server/metered-calls/usage-record-repository';
import { replyTranscriptStore } from '../../src/server/conversations/reply-transcript';
import { recoverInterruptedCalls } from '../../src/server/metered-calls/journal-repository';
import { chatMessages, usageRecords, users } from '../../src/server/db/schema';
import { eventually } from './support/chat';
import { startAnalyticsServer, type AnalyticsServer, type Person } from './support/analytics-server';
import { rollUpsAndRecords } from './support/usage-totals';
import { usdDecimal } from '../../src/money';

const mini = 'openai/gpt-4o-mini';
const sonnet = 'anthropic/claude-sonnet-4';
const words = (count: number, prefix = 'w') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');

/**
 * The usage roll-ups (docs/decisions/020) stay equal to the sums of the usage records that are no
 * longer streaming, whatever writes them: replies streamed with checkpoints, completed, failed,
 * refused, stopped by their client, served from the cache, regenerated, their chat deleted, a reply
 * recovered as interrupted while it still streamed, records moved or deleted, and many at once.
 */
describe('usage roll-ups', () => {
  let setup: AnalyticsServer;
  let admin: Person;
  const expectRollUpsToMatchRecords = async (orgId: string) => {
    const { fromRollUps, fromRecords } = await rollUpsAndRecords(setup.server.database.db, orgId);
    expect(fromRollUps).toEqual(fromRecords);
    return fromRecords;
  };

  beforeAll(async () => {
    setup = await startAnalyticsServer();
    admin = await setup.signUp();
  }, 120_000);
  afterAll(() => setup?.close());

  it('equal the records after a mix of replies, while some still stream and after they end', {
    timeout: 120_000,
  }, async () => {
    const db = setup.server.database.db;
    const colleagues = [
      await setup.personWithRole(admin.orgId, 'Admin'),
      await setup.personWithRole(admin.orgId, 'Admin'),
    ];
    const people = [admin, ...colleagues];
    // Replies of 25 words, one every 60 ms: each streams for about 1.5 s, through checkpoints.
    setup.provider.setDefaultReply({ text: words(25), chunkDelayMs: 60 });
    setup.provider.enqueueReply({ text: words(12, 'broken'), chunkDelayMs: 60, errorEventAfterChunks: 5 });
    setup.provider.enqueueReply({ failBeforeStream: { status: 500 } });
    setup.provider.enqueueReply({ failBeforeStream: { status: 503 } });

    const sends = Array.from({ length: 24 }, (_, index) => {
      const person = people[index % people.length]!;
      const model = index % 2 === 0 ? mini : sonnet;
      return setup.send(person, `Question ${index % 12} about the sea, part ${index}`, { forced_model_id: model });
    });
    // While they stream, the totals already hold every call that ended and none that still streams.
    await eventually(
      async () =>
        (
          await db
            .select({ id: usageRecords.id })
            .from(usageRecords)
            .where(and(eq(usageRecords.orgId, admin.orgId), eq(usageRecords.outcome, 'streaming')))
        ).length,
      (streaming) => streaming > 0,
    );
    await expectRollUpsToMatchRecords(admin.orgId);
    const answers = await Promise.all(sends);
    expect(answers.filter((answer) => answer.status === 502)).toHaveLength(2);

    // A question asked again is a cache hit; a client that leaves stops its reply; a regenerated reply
    // detaches the old one's record; a deleted chat unlinks its records.
    setup.provider.setDefaultReply({ text: words(6) });
    const original = await setup.send(admin, 'What colour is a puffin beak in summer?', { forced_model_id: mini });
    const again = await setup.send(admin, 'What colour is a puffin beak in summer?', { forced_model_id: mini });
    expect(again.metadata!.route).toMatchObject({ cached: true });
    const regenerated = await setup.call('/conversation/regenerate', admin.token, 'POST', {
      session_id: original.metadata!.session_id,
      message_id: original.metadata!.assistant_msg_id,
      forced_model_id: sonnet,
      stream: false,
    });
    expect(regenerated.status).toBe(200);
    expect(
      (await setup.call(`/conversation/session/${again.metadata!.session_id}`, admin.token, 'DELETE')).status,
    ).toBe(200);
    setup.provider.enqueueReply({ text: words(40), chunkDelayMs: 50 });
    const leaving = new AbortController();
    const left = await fetch(`${setup.server.url}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        org_id: admin.orgId,
        user_id: admin.userId,
        prompt: 'Describe every lighthouse in Norway',
        forced_model_id: mini,
        stream: true,
      }),
      signal: leaving.signal,
    });
    await left.body!.getReader().read();
    leaving.abort();
    // The reply its client left is recorded once the server notices.
    await eventually(
      async () =>
        db.select({ outcome: usageRecords.outcome }).from(usageRecords).where(eq(usageRecords.orgId, admin.orgId)),
      (records) => records.length === 28 && records.every((record) => record.outcome !== 'streaming'),
    );

    const totals = await expectRollUpsToMatchRecords(admin.orgId);
    const requests = totals.daily.reduce((sum, row) => sum + Number(row.requests), 0);
    // 24 sends (two refused), an original, a cache hit, a regeneration and a reply its client left.
    expect(requests).toBe(28);
    expect(totals.daily.reduce((sum, row) => sum + Number(row.cache_hits), 0)).toBe(1);
    expect(totals.monthly.map((row) => row.user_id)).toEqual(
      expect.arrayContaining(people.map((person) => person.userId)),
    );
  });

  it('equal the records when a streaming reply is recovered as interrupted and then ends after all', {
    timeout: 60_000,
  }, async () => {
    const db = setup.server.database.db;
    setup.provider.setDefaultReply({ text: words(40), chunkDelayMs: 50 });
    const sending = setup.send(admin, 'Tell me a slow story about lighthouses', { forced_model_id: mini });
    const streaming = await eventually(
      async () =>
        db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.orgId, admin.orgId), eq(chatMessages.status, 'streaming'))),
      (rows) => rows.length === 1,
    );
    expect(streaming).toHaveLength(1);
    // Its instance seems gone (as after a crash, or 30 s without a heartbeat): recovered as interrupted.
    const gone = randomUUID();
    await db.update(chatMessages).set({ streamOwner: gone }).where(eq(chatMessages.id, streaming[0]!.id));
    await db.update(usageRecords).set({ streamOwner: gone }).where(eq(usageRecords.messageId, streaming[0]!.id));
    expect(await replyTranscriptStore.recover(db, { ownersSilentForSeconds: 30 })).toBe(1);
    expect(await recoverInterruptedCalls(db, { ownersSilentForSeconds: 30 })).toBe(1);
    const [interrupted] = await db.select().from(usageRecords).where(eq(usageRecords.messageId, streaming[0]!.id));
    expect(interrupted!.outcome).toBe('interrupted');
    await expectRollUpsToMatchRecords(admin.orgId);

    // It was alive after all: its later checkpoints and its final record put the totals right.
    const answer = await sending;
    expect(answer.metadata).toBeDefined();
    const [ended] = await db.select().from(usageRecords).where(eq(usageRecords.messageId, streaming[0]!.id));
    expect(ended!.outcome).toBe('complete');
    await expectRollUpsToMatchRecords(admin.orgId);
  });

  it('stay exact under many concurrent writes, and follow records moved to another day or deleted', {
    timeout: 60_000,
  }, async () => {
    const db = setup.server.database.db;
    const owner = await setup.signUp();
    const colleague = await setup.personWithRole(owner.orgId, 'Member');
    const record = (index: number) => ({
      id: randomUUID(),
      orgId: owner.orgId,
      userId: index % 2 === 0 ? owner.userId : colleague.userId,
      modelId: index % 3 === 0 ? sonnet : mini,
      inputTokens: 10 + index,
      outputTokens: index,
      costUsd: usdDecimal(123_400n * BigInt(index)),
      referenceCostUsd: usdDecimal(432_100n * BigInt(index)),
      latencyMs: 100 + 37 * index,
      timeToFirstTokenMs: 20 + index,
      outcome: 'streaming' as const,
    });
    const records = Array.from({ length: 120 }, (_, index) => record(index));
    // Each written as streaming, then completed (or failed), all at once: on PostgreSQL through the
    // pool's ten connections, every completion adds to the same few rows.
    await Promise.all(
      records.map(async (written, index) => {
        await saveUsageRecord(db, written);
        await saveUsageRecord(db, {
          ...written,
          outputTokens: written.outputTokens + 5,
          outcome: index % 7 === 0 ? 'failed' : 'complete',
        });
      }),
    );
    const totals = await expectRollUpsToMatchRecords(owner.orgId);
    expect(totals.daily.reduce((sum, row) => sum + Number(row.requests), 0)).toBe(120);

    await db
      .update(usageRecords)
      .set({ createdAt: sql`${usageRecords.createdAt} - interval '40 days'` })
      .where(eq(usageRecords.id, records[3]!.id));
    await db.update(usageRecords).set({ modelId: 'openai/gpt-4o' }).where(eq(usageRecords.id, records[4]!.id));
    await expectRollUpsToMatchRecords(owner.orgId);

    // A user deleted with their records: the organisation's totals lose them, theirs go with them.
    await db.delete(users).where(eq(users.id, colleague.userId));
    const after = await expectRollUpsToMatchRecords(owner.orgId);
    expect(after.monthly.every((row) => row.user_id === owner.userId)).toBe(true);
    expect(after.daily.reduce((sum, row) => sum + Number(row.requests), 0)).toBe(60);
  });
});
