import { costOfUsage, estimateTextTokens } from '../../gateway';
import type { CallContext } from './call-context';
import type { CallProgress, JournalCheckpoint } from './call-journal';
import { usageRecordOf, type CallUsage } from './call-usage';
import { keepUsage } from './keep-usage';
import type { CallPlan } from './metered-call';
import type { OpenedCall } from './open-call';
import { saveUsageRecord } from './usage-record-repository';

/** A streaming call's progress: the journal reads it; the stream sets its text and first-token time. */
export interface StreamingProgress extends CallProgress {
  text: string;
  timeToFirstTokenMs: number | null;
}

/**
 * One streaming call as the journal saves it: its usage record (with the caller's transcript rows,
 * in one transaction) once its first text is out, then its text and running usage, estimated
 * (output tokens counted with the gateway's tokenizer over the text added since the last count, so
 * each piece is counted once, and never more than the model was asked for).
 */
export function createCallProgress<Plan extends CallPlan, Row>(
  context: CallContext<Plan, Row>,
  opened: OpenedCall,
): StreamingProgress {
  const { dependencies, options, held, billing } = context;
  const { transcript, decisionId } = options;
  const { model } = opened;
  const { inputTokens, maxOutputTokens } = opened.attempt;
  const reference = held.plan.reference;
  let outputTokens = 0;
  let countedLength = 0;
  let savedLength = -1;

  function usageSoFar(text: string): CallUsage {
    outputTokens += estimateTextTokens(text.slice(countedLength));
    outputTokens = Math.min(outputTokens, maxOutputTokens);
    countedLength = text.length;
    const usage = { inputTokens, cachedInputTokens: 0, outputTokens, estimated: true };
    const prices = dependencies.prices.pricesAt(model, context.pricedAt);
    return {
      model,
      usage,
      costPicodollars: costOfUsage(prices, usage),
      referenceCostPicodollars: reference
        ? costOfUsage(dependencies.prices.pricesAt(reference, context.pricedAt), usage)
        : 0n,
      priceVersion: prices.versionId,
      latencyMs: Math.round(performance.now() - context.startedAt),
      timeToFirstTokenMs: progress.timeToFirstTokenMs,
    };
  }

  const progress: StreamingProgress = {
    text: '',
    timeToFirstTokenMs: null,
    async open(streamOwner) {
      const text = progress.text;
      const sofar = usageSoFar(text);
      try {
        await dependencies.writer.write(async (transaction) => {
          const links = transcript
            ? await transcript.open(transaction, { text, model, tokens: inputTokens + outputTokens, streamOwner })
            : {};
          await saveUsageRecord(
            transaction,
            usageRecordOf(billing, held.usageId, sofar, { ...links, decisionId }, streamOwner),
          );
        });
        savedLength = text.length;
        return 'written';
      } catch (error) {
        dependencies.logger.warn({ err: error }, 'writing a streaming call failed; its usage is kept on its own');
        const kept = await keepUsage(
          dependencies,
          usageRecordOf(billing, held.usageId, sofar, { decisionId }, streamOwner),
        );
        if (kept) savedLength = text.length;
        return kept ? 'usage-only' : 'none';
      }
    },
    checkpoint(transcriptWritten): JournalCheckpoint | undefined {
      const text = progress.text;
      if (text.length === savedLength) return undefined;
      const sofar = usageSoFar(text);
      return {
        usage: {
          orgId: billing.asker.caller.orgId,
          usageId: held.usageId,
          outputTokens,
          costPicodollars: sofar.costPicodollars,
          referenceCostPicodollars: sofar.referenceCostPicodollars,
          latencyMs: sofar.latencyMs,
        },
        transcript:
          transcript && transcriptWritten
            ? {
                store: transcript.store,
                checkpoint: transcript.checkpoint({ text, model, tokens: inputTokens + outputTokens }),
              }
            : undefined,
        saved: () => {
          savedLength = text.length;
        },
      };
    },
  };
  return progress;
}
