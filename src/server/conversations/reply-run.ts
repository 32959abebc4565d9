import type { StreamError, StreamMetadata } from '../../contracts';
import { costOfUsage, estimateMessagesTokens, estimateTextTokens, type ChatStreamPart, type TokenUsage } from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import { recordReply } from './record-reply';
import type { ReplyPlan } from './reply-plan';
import { streamFailure, upstreamFailure } from './upstream-error';

export type ReplyResult = { text: string; metadata: StreamMetadata; error?: undefined } | { text: string; error: StreamError; metadata?: undefined };

/** A reply whose first part has arrived: the HTTP status is decided, the text may follow. */
export interface OpenedReply {
  /** Stops the upstream call (client gone); what arrived so far is still recorded. */
  abort(): void;
  /** Passes the text on as it arrives, then records the reply and its usage. Never throws. */
  complete(write: (text: string) => Promise<unknown>): Promise<ReplyResult>;
}

/**
 * Starts the model call and waits for its first part, so a failure before any text becomes an
 * ordinary error answer (thrown AppError) while the status can still be chosen.
 */
export async function openReply(dependencies: ConversationDependencies, plan: ReplyPlan, clientSignal?: AbortSignal): Promise<OpenedReply> {
  const started = performance.now();
  const upstream = new AbortController();
  // A client that leaves before the first byte (e.g. while the local model's queue is long) stops the call too.
  clientSignal?.addEventListener('abort', () => upstream.abort(), { once: true });
  const gateway = await dependencies.providers.gatewayFor(plan.caller.orgId);
  const iterator = gateway
    .stream({ modelId: plan.model.id, messages: plan.history, abortSignal: upstream.signal })
    [Symbol.asyncIterator]();
  let first: IteratorResult<ChatStreamPart>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw upstreamFailure(error);
  }

  async function run(write: (text: string) => Promise<unknown>): Promise<ReplyResult> {
    let text = '';
    let usage: (TokenUsage & { estimated: boolean }) | undefined;
    let firstTextAt: number | undefined;
    let aborted = false;
    let failure: unknown;
    try {
      for (let step = first; !step.done; step = await iterator.next()) {
        const part = step.value;
        if (part.type === 'text') {
          firstTextAt ??= performance.now();
          text += part.text;
          await write(part.text);
        } else if (part.type === 'usage') usage = part;
        else aborted = part.reason === 'aborted';
      }
    } catch (error) {
      failure = error;
      dependencies.logger.warn({ err: error, model: plan.model.id }, 'reply failed after it started');
    }
    usage ??= {
      estimated: true,
      inputTokens: estimateMessagesTokens(plan.history),
      cachedInputTokens: 0,
      outputTokens: estimateTextTokens(text),
    };
    const status = failure !== undefined || aborted ? (text ? 'partial' : 'failed') : 'complete';
    const recorded = await recordReply(dependencies, plan, {
      text,
      status,
      usage,
      costUsd: costOfUsage(plan.model, usage),
      latencyMs: Math.round(performance.now() - started),
      timeToFirstTokenMs: firstTextAt === undefined ? null : Math.round(firstTextAt - started),
    }).catch((error: unknown) => {
      dependencies.logger.error({ err: error }, 'recording a reply failed');
      return undefined;
    });
    if (!recorded) return { text, error: { code: 'internal', message: 'The reply could not be saved.' } };
    if (failure !== undefined) return { text, error: streamFailure(failure) };
    return { text, metadata: recorded };
  }

  return { abort: () => upstream.abort(), complete: (write) => dependencies.inFlight.track(run(write)) };
}
