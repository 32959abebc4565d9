import type { StreamError, StreamMetadata } from '../../contracts';
import {
  costOfUsage,
  countTextTokens,
  type CatalogModel,
  type ChatFinishReason,
  type ChatMessage,
  type ChatStreamPart,
  type TokenUsage,
} from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import { keepCallUsage } from './keep-call-usage';
import { logChatContent } from './log-chat-content';
import { releaseRoom } from './release-room';
import { recordReply, usageRecordOf, type FinishedReply } from './record-reply';
import type { ReplyPlan } from './reply-plan';
import { createReplyProgress } from './reply-progress';
import { storeReplyInCache } from './store-reply-in-cache';
import { streamFailure } from './upstream-error';

export type ReplyResult =
  | {
      text: string;
      metadata: StreamMetadata;
      error?: undefined;
      /**
       * Work that follows a complete reply (storing it in the cache): the metadata need not wait
       * for it, but the stream closes only once it is done, so a client that read the reply to its
       * end and asks again finds it stored. Never rejects.
       */
      afterwards?: Promise<void>;
    }
  | { text: string; error: StreamError; metadata?: undefined; afterwards?: undefined };

/** A model call whose first part has arrived. */
export interface OpenedCall {
  first: IteratorResult<ChatStreamPart>;
  iterator: AsyncIterator<ChatStreamPart>;
  served: {
    model: CatalogModel;
    history: ChatMessage[];
    inputTokens: number;
    fellBackFrom?: string;
    maxOutputTokens?: number;
  };
  /** performance.now() when the call was started. */
  started: number;
}

/**
 * Passes the reply's text on as it arrives while the live-reply journal saves it (its rows once
 * the first text is out, then about every second), then records the reply with its usage and
 * routing outcome. When the final record cannot be written (the chat was deleted meanwhile), the
 * call's usage is kept on its own. Never throws.
 */
export async function runOpenedReply(
  dependencies: ConversationDependencies,
  plan: ReplyPlan,
  call: OpenedCall,
  write: (text: string) => Promise<unknown>,
): Promise<ReplyResult> {
  const { served, started } = call;
  const { usageId } = plan;
  const progress = createReplyProgress(dependencies, plan, {
    usageId,
    model: served.model,
    inputTokens: served.inputTokens,
    started,
    maxOutputTokens: served.maxOutputTokens,
  });
  const live = dependencies.liveReplies.track(progress);
  let text = '';
  let usage: (TokenUsage & { estimated: boolean }) | undefined;
  let firstTextAt: number | undefined;
  let finishReason: ChatFinishReason | undefined;
  let failure: unknown;
  try {
    for (let step: IteratorResult<ChatStreamPart> = call.first; !step.done; step = await call.iterator.next()) {
      const part = step.value;
      if (part.type === 'text') {
        const isFirst = firstTextAt === undefined;
        firstTextAt ??= performance.now();
        text += part.text;
        progress.text = text;
        await write(part.text);
        if (isFirst) {
          progress.timeToFirstTokenMs = Math.round(firstTextAt - started);
          live.firstTextSent();
        }
      } else if (part.type === 'usage') usage = part;
      else finishReason = part.reason;
    }
  } catch (error) {
    failure = error;
    dependencies.logger.warn({ err: error, model: served.model.id }, 'reply failed after it started');
  }
  const { messageWritten } = await live.close();
  usage ??= {
    estimated: true,
    inputTokens: served.inputTokens,
    cachedInputTokens: 0,
    outputTokens: await countTextTokens(text),
  };
  // The model was asked for at most this many tokens: our tokenizer's count of a cut reply may say more, the provider cannot bill more.
  if (usage.estimated && served.maxOutputTokens !== undefined)
    usage = { ...usage, outputTokens: Math.min(usage.outputTokens, served.maxOutputTokens) };
  const status = failure !== undefined || finishReason === 'aborted' ? (text ? 'partial' : 'failed') : 'complete';
  const finished: FinishedReply = {
    text,
    status,
    model: served.model,
    fellBackFrom: served.fellBackFrom,
    usage,
    costUsd: costOfUsage(served.model, usage),
    referenceCostUsd: costOfUsage(plan.reference, usage),
    latencyMs: Math.round(performance.now() - started),
    timeToFirstTokenMs: firstTextAt === undefined ? null : Math.round(firstTextAt - started),
    finishReason: failure === undefined ? finishReason : undefined,
  };
  const recorded = await recordReply(dependencies, plan, finished, { usageId, streamed: messageWritten }).catch(
    async (error: unknown) => {
      dependencies.logger.error({ err: error }, 'recording a reply failed');
      await keepCallUsage(dependencies, usageRecordOf(plan, usageId, finished, { decisionId: plan.decisionId }));
      return undefined;
    },
  );
  logChatContent(dependencies.logger, plan, { text, status, modelId: served.model.id });
  // The usage is on the books: the room held for it goes (only now, so the limits never count neither).
  await releaseRoom(dependencies, plan.caller.orgId, plan.reservationIds);
  if (plan.walletPays?.has(served.model.provider)) dependencies.wallet?.usageRecorded(plan.caller.orgId);
  if (!recorded) return { text, error: { code: 'internal', message: 'The reply could not be saved.' } };
  if (failure !== undefined) return { text, error: streamFailure(failure) };
  // A reply cut off at its token limit is not one to hand out again.
  if (status !== 'complete' || finishReason === 'length') return { text, metadata: recorded };
  // Stored while the metadata is on its way: the user need not wait for the cache.
  const afterwards = dependencies.inFlight.track(
    storeReplyInCache(dependencies, plan, {
      text,
      metadata: recorded,
      model: served.model.id,
      referenceCostUsd: finished.referenceCostUsd,
    }),
  );
  return { text, metadata: recorded, afterwards };
}
