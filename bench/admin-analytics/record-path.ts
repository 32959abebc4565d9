/**
 * What keeping the roll-ups adds to recording a reply: the metered call's settlement (the reply's
 * final transaction: message, usage record, decision outcome) and, for a reply long enough to be
 * saved while it streams, its opening write (message and usage record) plus that final transaction, timed with
 * the usage_records trigger enabled and disabled (disabled is the record path as it was before the
 * roll-ups), in alternating rounds on the same database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findModel, modelCatalog } from '../../src/gateway';
import { insertMessage } from '../../src/server/conversations/chat-message-repository';
import { createSession } from '../../src/server/conversations/chat-session-repository';
import { replyTranscript } from '../../src/server/conversations/reply-transcript';
import type { ReplySlot } from '../../src/server/conversations/reply-slot';
import type { Database } from '../../src/server/db/database';
import type { Caller } from '../../src/server/http/context';
import { usageRecordOf, type CallUsage } from '../../src/server/metered-calls/call-usage';
import { saveUsageRecord } from '../../src/server/metered-calls/usage-record-repository';
import { completeDecision, insertDecision } from '../../src/server/metered-calls/decision-repository';

/** Milliseconds per call: wall time, and this process's CPU time (on PGlite the database's work too). */
export interface Samples {
  wall: number[];
  cpu: number[];
}

export interface RecordPathTimings {
  atEnd: { enabled: Samples; disabled: Samples };
  openedThenEnded: { enabled: Samples; disabled: Samples };
}

async function timed(samples: Samples, run: () => Promise<unknown>): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  samples.wall.push(performance.now() - started);
  const cpu = process.cpuUsage(cpuBefore);
  samples.cpu.push((cpu.user + cpu.system) / 1000);
}

const noSamples = (): Samples => ({ wall: [], cpu: [] });

const model = findModel(modelCatalog, 'openai/gpt-4o-mini')!;
const reference = findModel(modelCatalog, 'anthropic/claude-sonnet-4')!;

/** A user message and its decision, waiting for a reply. */
interface PreparedReply extends ReplySlot {
  decisionId: string;
}

async function preparedReply(db: Database, caller: Caller): Promise<PreparedReply> {
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const session = await createSession(db, owner, 'Record path');
  const question = await insertMessage(db, {
    ...owner,
    sessionId: session.id,
    role: 'user',
    content: 'How far is the moon?',
    modelId: model.id,
    tokens: 5,
  });
  const decision = await insertDecision(db, {
    ...owner,
    sessionId: session.id,
    userMessageId: question.id,
    mode: 'auto',
    reason: 'router_score',
    reasonText: 'Router score 0.20 below 0.52: a smaller model is enough',
    candidates: [{ model_id: model.id, tier: 1, eligible: true }],
    primaryModelId: model.id,
    referenceModelId: reference.id,
    estimatedCostUsd: '0.0001',
    estimatedReferenceCostUsd: '0.001',
  });
  return {
    caller,
    sessionId: session.id,
    userMessageId: question.id,
    replyMessageId: randomUUID(),
    decisionId: decision.id,
  };
}

const text = 'About 384,400 km on average. '.repeat(8);

function finished(outputTokens: number, outcome?: CallUsage['outcome']): CallUsage {
  return {
    model,
    usage: { inputTokens: 5, cachedInputTokens: 0, outputTokens, estimated: outcome === undefined },
    costPicodollars: 2_100_000n,
    referenceCostPicodollars: 35_600_000n,
    priceVersion: null,
    latencyMs: 1200,
    timeToFirstTokenMs: 210,
    outcome,
  };
}

/** The metered call's settlement transaction for a chat reply (src/server/metered-calls/settle-call.ts). */
async function recordReply(db: Database, reply: PreparedReply, usageId: string, opened: boolean): Promise<void> {
  const billing = { asker: { caller: reply.caller, source: 'chat' as const }, walletPays: new Set<never>() };
  await db.transaction(async (transaction) => {
    const { links } = await replyTranscript(reply).finish(transaction, {
      text,
      model,
      tokens: 65,
      status: 'complete',
      opened,
    });
    await saveUsageRecord(
      transaction,
      usageRecordOf(billing, usageId, finished(60, 'complete'), { ...links, decisionId: reply.decisionId }),
    );
    await completeDecision(transaction, reply.caller.orgId, reply.decisionId, {
      replyMessageId: links.messageId ?? null,
      servedModelId: model.id,
      inputTokens: 5,
      outputTokens: 60,
      costPicodollars: 2_100_000n,
      referenceCostPicodollars: 35_600_000n,
    });
  });
}

/** The journal's opening write of a streaming reply (src/server/metered-calls/call-progress.ts). */
async function openReply(db: Database, reply: PreparedReply, usageId: string): Promise<void> {
  const billing = { asker: { caller: reply.caller, source: 'chat' as const }, walletPays: new Set<never>() };
  const streamOwner = randomUUID();
  await db.transaction(async (transaction) => {
    const links = await replyTranscript(reply).open(transaction, { text: 'About', model, tokens: 9, streamOwner });
    await saveUsageRecord(
      transaction,
      usageRecordOf(billing, usageId, finished(4), { ...links, decisionId: reply.decisionId }, streamOwner),
    );
  });
}

export async function timeRecordPath(
  db: Database,
  caller: Caller,
  options: { rounds: number; perRound: number },
): Promise<RecordPathTimings> {
  const timings: RecordPathTimings = {
    atEnd: { enabled: noSamples(), disabled: noSamples() },
    openedThenEnded: { enabled: noSamples(), disabled: noSamples() },
  };
  for (let round = 0; round < options.rounds; round += 1) {
    for (const state of round % 2 === 0 ? (['enabled', 'disabled'] as const) : (['disabled', 'enabled'] as const)) {
      await db.execute(
        sql.raw(
          `alter table usage_records ${state === 'enabled' ? 'enable' : 'disable'} trigger usage_records_roll_up`,
        ),
      );
      // Untimed: the first statements after the change plan afresh.
      await recordReply(db, await preparedReply(db, caller), randomUUID(), false);
      for (let call = 0; call < options.perRound; call += 1) {
        const atEnd = await preparedReply(db, caller);
        await timed(timings.atEnd[state], () => recordReply(db, atEnd, randomUUID(), false));

        const streamed = await preparedReply(db, caller);
        const usageId = randomUUID();
        await timed(timings.openedThenEnded[state], async () => {
          await openReply(db, streamed, usageId);
          await recordReply(db, streamed, usageId, true);
        });
      }
    }
  }
  await db.execute(sql`alter table usage_records enable trigger usage_records_roll_up`);
  return timings;
}
