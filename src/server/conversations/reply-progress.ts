import { costOfUsage, estimateTextTokens, type CatalogModel } from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import { keepCallUsage } from './keep-call-usage';
import type { ReplyProgress } from './live-replies';
import { writeStreamingReply } from './live-reply-repository';
import { usageRecordOf } from './record-reply';
import type { ReplyPlan } from './reply-plan';

/** The model call a reply streams from. */
export interface ReplyCall {
  usageId: string;
  /** The model answering: the plan's, or its backup. */
  model: CatalogModel;
  inputTokens: number;
  /** performance.now() when the call was started. */
  started: number;
  /** The most output tokens the model was asked for: estimates never count more. */
  maxOutputTokens?: number;
}

/**
 * One streaming reply as the live-reply journal saves it: its text (set as it grows), and its
 * running usage, estimated (output tokens counted with the gateway's tokenizer over the text added
 * since the last count, so each piece is counted once).
 */
export function createReplyProgress(
  dependencies: Pick<ConversationDependencies, 'db' | 'logger'>,
  plan: ReplyPlan,
  call: ReplyCall,
): ReplyProgress & { text: string; timeToFirstTokenMs: number | null } {
  const owner = { orgId: plan.caller.orgId, userId: plan.caller.userId };
  let outputTokens = 0;
  let countedLength = 0;
  let savedLength = -1;

  function usageSoFar(text: string) {
    outputTokens += estimateTextTokens(text.slice(countedLength));
    if (call.maxOutputTokens !== undefined) outputTokens = Math.min(outputTokens, call.maxOutputTokens);
    countedLength = text.length;
    const usage = { inputTokens: call.inputTokens, cachedInputTokens: 0, outputTokens, estimated: true };
    return {
      model: call.model,
      usage,
      costUsd: costOfUsage(call.model, usage),
      referenceCostUsd: costOfUsage(plan.reference, usage),
      latencyMs: Math.round(performance.now() - call.started),
      timeToFirstTokenMs: progress.timeToFirstTokenMs,
    };
  }

  const progress = {
    text: '',
    timeToFirstTokenMs: null as number | null,
    async open(streamOwner: string) {
      const text = progress.text;
      const sofar = usageSoFar(text);
      try {
        await writeStreamingReply(dependencies.db, {
          owner,
          sessionId: plan.sessionId,
          messageId: plan.replyMessageId,
          replacing: plan.replaceMessageId !== undefined,
          message: { content: text, modelId: call.model.id, tokens: call.inputTokens + outputTokens },
          streamOwner,
          usage: usageRecordOf(plan, call.usageId, sofar, {
            sessionId: plan.sessionId,
            messageId: plan.replyMessageId,
            decisionId: plan.decisionId,
          }),
        });
        savedLength = text.length;
        return 'written' as const;
      } catch (error) {
        dependencies.logger.warn({ err: error }, 'writing a streaming reply failed; its usage is kept on its own');
        const kept = await keepCallUsage(
          dependencies,
          usageRecordOf(plan, call.usageId, sofar, { decisionId: plan.decisionId }),
        );
        if (kept) savedLength = text.length;
        return kept ? ('usage-only' as const) : ('none' as const);
      }
    },
    checkpoint(messageWritten: boolean) {
      const text = progress.text;
      if (text.length === savedLength) return undefined;
      const sofar = usageSoFar(text);
      return {
        orgId: owner.orgId,
        messageId: messageWritten ? plan.replyMessageId : null,
        usageId: call.usageId,
        content: text,
        tokens: call.inputTokens + outputTokens,
        outputTokens,
        costUsd: sofar.costUsd,
        referenceCostUsd: sofar.referenceCostUsd,
        latencyMs: sofar.latencyMs,
        saved: () => void (savedLength = text.length),
      };
    },
  };
  return progress;
}
