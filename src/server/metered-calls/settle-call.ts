import { costOfUsage, countTextTokens, type ChatFinishReason, type TokenUsage } from '../../gateway';
import { completeDecision, type DecisionOutcome } from './decision-repository';
import { traced } from '../observability/tracing/tracing';
import type { CallContext } from './call-context';
import { DeadlinePassed } from './call-deadlines';
import { usageRecordOf, type CallUsage } from './call-usage';
import { keepUsage, releaseHolds, usageRecorded } from './keep-usage';
import type { CallPlan, CallSettlement, CallStatus } from './metered-call';
import type { OpenedCall } from './open-call';
import { saveUsageRecord } from './usage-record-repository';

/** How a call's stream ended, as its stream saw it. */
export interface StreamEnd {
  text: string;
  /** The provider's report; absent when the stream ended without one (a failure, a stop). */
  usage?: TokenUsage & { estimated: boolean };
  finishReason?: ChatFinishReason;
  failure?: unknown;
  timeToFirstTokenMs: number | null;
  /** The caller's rows were written while it streamed: the settlement completes them. */
  transcriptWritten: boolean;
}

/**
 * Puts an ended call on the books: in one transaction the caller's rows (its transcript), the
 * usage record and the decision's outcome; then the room it held goes back (only now, so the limits
 * never count neither) and, when the wallet paid, the auto-reload its debit asked for is charged.
 * When that transaction fails (the chat was deleted meanwhile), the usage is kept on its own and
 * the decision completed without a reply. Never throws.
 */
export async function settleCall<Plan extends CallPlan, Row>(
  context: CallContext<Plan, Row>,
  opened: OpenedCall,
  end: StreamEnd,
): Promise<CallSettlement<Row>> {
  const { dependencies, options, held, billing } = context;
  const { caller } = billing.asker;
  const { model, fellBackFrom } = opened;
  const { maxOutputTokens, inputTokens } = opened.attempt;
  const { text, failure, finishReason } = end;
  let usage = end.usage ?? {
    estimated: true,
    inputTokens,
    cachedInputTokens: 0,
    outputTokens: await countTextTokens(text),
  };
  // The model was asked for at most this many tokens: our tokenizer's count of a cut reply may say more, the provider cannot bill more.
  if (usage.estimated) usage = { ...usage, outputTokens: Math.min(usage.outputTokens, maxOutputTokens) };
  const status: CallStatus =
    failure !== undefined || finishReason === 'aborted' ? (text ? 'partial' : 'failed') : 'complete';
  const reference = held.plan.reference;
  // Charged at the prices effective when the call started, whatever changed while it streamed.
  const prices = dependencies.prices.pricesAt(model, context.pricedAt);
  const call: CallUsage = {
    model,
    usage,
    costPicodollars: costOfUsage(prices, usage),
    referenceCostPicodollars: reference
      ? costOfUsage(dependencies.prices.pricesAt(reference, context.pricedAt), usage)
      : 0n,
    priceVersion: prices.versionId,
    latencyMs: Math.round(performance.now() - context.startedAt),
    timeToFirstTokenMs: end.timeToFirstTokenMs,
    outcome: status,
    finishReason: failure === undefined ? finishReason : undefined,
    deadline: failure instanceof DeadlinePassed ? failure.deadline.kind : undefined,
  };
  const outcome = (replyMessageId: string | null): DecisionOutcome => ({
    replyMessageId,
    servedModelId: model.id,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costPicodollars: call.costPicodollars,
    referenceCostPicodollars: call.referenceCostPicodollars,
    ...(fellBackFrom
      ? { reason: 'fallback' as const, reasonText: `${fellBackFrom.id} failed before answering; its backup answered` }
      : {}),
  });
  const { transcript, decisionId } = options;
  const settlement: CallSettlement<Row> = {
    status,
    text,
    model,
    fellBackFrom,
    usage,
    costPicodollars: call.costPicodollars,
    referenceCostPicodollars: call.referenceCostPicodollars,
    finishReason: call.finishReason,
    failure,
  };
  try {
    const recorded = await traced('write', () =>
      dependencies.writer.write(async (transaction) => {
        // The caller's rows first (a reply locks its session, then its message), then the rows pointing at them.
        const finished = transcript
          ? await transcript.finish(transaction, {
              text,
              model,
              tokens: usage.inputTokens + usage.outputTokens,
              status,
              opened: end.transcriptWritten,
            })
          : undefined;
        const record = usageRecordOf(billing, held.usageId, call, { ...finished?.links, decisionId });
        await saveUsageRecord(transaction, record);
        const decision = decisionId
          ? await completeDecision(transaction, caller.orgId, decisionId, outcome(finished?.links.messageId ?? null))
          : undefined;
        return { record, row: finished?.row, decision };
      }),
    );
    usageRecorded(dependencies, recorded.record);
    settlement.transcript = recorded.row;
    settlement.decision = recorded.decision;
  } catch (error) {
    dependencies.logger.error({ err: error }, 'recording a model call failed; its usage is kept on its own');
    await keepUsage(dependencies, usageRecordOf(billing, held.usageId, call, { decisionId }));
    if (decisionId) {
      settlement.decision = await completeDecision(dependencies.db, caller.orgId, decisionId, outcome(null)).catch(
        (decisionError: unknown) => {
          dependencies.logger.error({ err: decisionError, decisionId }, 'completing the decision of a call failed');
          return undefined;
        },
      );
    }
  }
  dependencies.planAllowance?.spent(caller.orgId, usage.inputTokens + usage.outputTokens);
  // The usage is on the books: the room held for it goes (only now, so the limits never count neither).
  releaseHolds(dependencies, held.holds);
  return settlement;
}
