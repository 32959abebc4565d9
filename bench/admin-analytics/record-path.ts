/**
 * What keeping the roll-ups adds to recording a reply: recordReply (the reply's final
 * transaction: message, usage record, decision outcome) and, for a reply long enough to be saved
 * while it streams, its opening write (writeStreamingReply) plus that final transaction, timed with
 * the usage_records trigger enabled and disabled (disabled is the record path as it was before the
 * roll-ups), in alternating rounds on the same database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findModel, modelCatalog } from '../../src/gateway';
import { insertMessage } from '../../src/server/conversations/chat-message-repository';
import { createSession } from '../../src/server/conversations/chat-session-repository';
import { writeStreamingReply } from '../../src/server/conversations/live-reply-repository';
import { recordReply, usageRecordOf, type FinishedReply } from '../../src/server/conversations/record-reply';
import type { ReplyPlan } from '../../src/server/conversations/reply-plan';
import type { Database } from '../../src/server/db/database';
import type { Caller } from '../../src/server/http/context';
import { insertDecision } from '../../src/server/routing/decision-repository';

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

async function preparedPlan(db: Database, caller: Caller): Promise<ReplyPlan> {
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
    estimatedCostUsd: 0.0001,
    estimatedReferenceCostUsd: 0.001,
  });
  return {
    caller,
    sessionId: session.id,
    userMessageId: question.id,
    model,
    history: [{ role: 'user', content: 'How far is the moon?' }],
    replyMessageId: randomUUID(),
    usageId: randomUUID(),
    inputTokens: 5,
    decisionId: decision.id,
    reference,
  };
}

function finished(outputTokens: number): FinishedReply {
  const usage = { inputTokens: 5, cachedInputTokens: 0, outputTokens, estimated: false };
  return {
    text: 'About 384,400 km on average. '.repeat(8),
    status: 'complete',
    model,
    usage,
    costUsd: 0.0000021,
    referenceCostUsd: 0.0000356,
    latencyMs: 1200,
    timeToFirstTokenMs: 210,
  };
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
      await recordReply({ db }, await preparedPlan(db, caller), finished(60), {
        usageId: randomUUID(),
        streamed: false,
      });
      for (let call = 0; call < options.perRound; call += 1) {
        const plan = await preparedPlan(db, caller);
        await timed(timings.atEnd[state], () =>
          recordReply({ db }, plan, finished(60), { usageId: plan.usageId, streamed: false }),
        );

        const streamed = await preparedPlan(db, caller);
        const usageId = randomUUID();
        const sofar = { ...finished(4), status: undefined, usage: { ...finished(4).usage, estimated: true } };
        await timed(timings.openedThenEnded[state], async () => {
          await writeStreamingReply(db, {
            owner: { orgId: caller.orgId, userId: caller.userId },
            sessionId: streamed.sessionId,
            messageId: streamed.replyMessageId,
            replacing: false,
            message: { content: 'About', modelId: model.id, tokens: 9 },
            streamOwner: randomUUID(),
            usage: usageRecordOf(streamed, usageId, sofar, {
              sessionId: streamed.sessionId,
              messageId: streamed.replyMessageId,
              decisionId: streamed.decisionId,
            }),
          });
          await recordReply({ db }, streamed, finished(60), { usageId, streamed: true });
        });
      }
    }
  }
  await db.execute(sql`alter table usage_records enable trigger usage_records_roll_up`);
  return timings;
}
