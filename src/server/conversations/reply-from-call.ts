import type { ChatMessage } from '../../gateway';
import { streamFailure } from '../metered-calls/call-errors';
import type { MeteredCall } from '../metered-calls/metered-call';
import type { RoutedRequest } from '../routing/route-request';
import type { ChatMessageRecord } from './chat-message-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import { fitHistoryToWindow } from './history-window';
import { logChatContent } from './log-chat-content';
import { listUsableModels } from '../usage/model-access';
import type { OpenedReply, ReplyResult } from './opened-reply';
import { replyMetadata } from './reply-metadata';
import type { ReplySlot } from './reply-slot';
import { storeReplyInCache, type ReplyCacheTarget } from './store-reply-in-cache';

/**
 * A chat reply read from its metered call: the text passes on as it arrives (the call saves it as
 * it streams), and once the call is on the books the reply ends with its metadata, or with the
 * [ERROR] of a failure after the first byte. A complete reply is then stored in the cache.
 */
export function replyFromCall(
  dependencies: ConversationDependencies,
  call: MeteredCall<RoutedRequest, ChatMessageRecord>,
  slot: ReplySlot & { prompt: string; turns?: readonly ChatMessage[]; logContent?: boolean; cache?: ReplyCacheTarget },
): OpenedReply {
  async function run(write: (text: string) => Promise<unknown>): Promise<ReplyResult> {
    try {
      for await (const part of call.stream) if (part.type === 'text') await write(part.text);
    } catch {
      // The settlement says what failed; the stream has logged it.
    }
    const settled = await call.settled;
    const { text, status, model } = settled;
    logChatContent(dependencies.logger, slot, { text, status, modelId: model.id });
    if (!settled.transcript || !settled.decision)
      return { text, error: { code: 'internal', message: 'The reply could not be saved.' } };
    if (settled.failure !== undefined) return { text, error: streamFailure(settled.failure) };
    const metadata = replyMetadata(slot, {
      message: settled.transcript,
      decision: settled.decision,
      primaryModelId: call.plan.primary.model.id,
      backupModelId: settled.fellBackFrom ? model.id : undefined,
      tokensUsed: settled.usage.inputTokens + settled.usage.outputTokens,
      finishReason: settled.finishReason,
    });
    // A reply cut off at its token limit is not one to hand out again.
    if (status !== 'complete' || settled.finishReason === 'length') return { text, metadata };
    offerForShadowEvaluation(dependencies, call, slot, settled.decision.id, text);
    // Stored while the metadata is on its way: the user need not wait for the cache.
    const afterwards = dependencies.inFlight.track(
      storeReplyInCache(dependencies, slot, slot.cache, {
        text,
        metadata,
        model: model.id,
        referenceCostPicodollars: settled.referenceCostPicodollars,
      }),
    );
    return { text, metadata, afterwards };
  }

  return {
    abort: () => call.abort(),
    complete: (write) => dependencies.inFlight.track(run(write)),
  };
}

/** A complete Auto reply, offered for comparison with the strongest model (docs/decisions/067): never waited for. */
function offerForShadowEvaluation(
  dependencies: ConversationDependencies,
  call: MeteredCall<RoutedRequest, ChatMessageRecord>,
  slot: ReplySlot & { prompt: string; turns?: readonly ChatMessage[] },
  decisionId: string,
  answer: string,
): void {
  const { turns } = slot;
  if (!dependencies.shadowEvaluator || !turns) return;
  dependencies.shadowEvaluator.consider({
    caller: slot.caller,
    decisionId,
    route: call.plan,
    promptKind: call.plan.score?.kind,
    globalScore: call.plan.score?.globalScore,
    served: call.model,
    answer,
    question: slot.prompt,
    usable: () => listUsableModels(dependencies, slot.caller),
    messagesFor: (model) => fitHistoryToWindow([...turns], model),
  });
}
