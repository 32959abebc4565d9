import type { StreamError, StreamMetadata } from '../../contracts';
import { costOfUsage, estimateMessagesTokens, estimateTextTokens, type CatalogModel, type ChatMessage, type ChatStreamPart, type TokenUsage } from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import { recordReply } from './record-reply';
import type { ReplyPlan } from './reply-plan';
import { openUpstream, type OpenedUpstream } from './open-upstream';
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
 * ordinary error answer (thrown AppError) while the status can still be chosen. When the primary
 * model fails before its first part and the plan has a backup, the backup is asked instead; a
 * failure after the first part is reported, never spliced with another model's text.
 *
 * `saveRows` saves the rows the reply needs (the user's message, the decision) while the model
 * starts rather than before, so the database's time is not added to the first byte. It starts
 * once the model's request is on its way: the embedded database runs on this thread, and started
 * first it would hold the request back. The reply opens only once both are done; when the writes
 * fail, the model call is stopped and their error thrown, and when they succeed but the model
 * fails, the model's error is thrown.
 */
export async function openReply(
  dependencies: ConversationDependencies,
  plan: ReplyPlan,
  clientSignal?: AbortSignal,
  saveRows?: () => Promise<unknown>,
): Promise<OpenedReply> {
  const started = performance.now();
  const upstream = new AbortController();
  // A client that leaves before the first byte (e.g. while the local model's queue is long) stops the call too.
  clientSignal?.addEventListener('abort', () => upstream.abort(), { once: true });
  const gateway = await dependencies.providers.gatewayFor(plan.caller.orgId);
  const timeoutMs = plan.backup ? dependencies.routing.firstPartTimeoutMs : undefined;

  async function openWithFallback(): Promise<OpenedUpstream & { served: { model: CatalogModel; history: ChatMessage[]; fellBackFrom?: string } }> {
    try {
      const opened = await openUpstream(gateway, { model: plan.model, history: plan.history, signal: upstream.signal, timeoutMs });
      return { ...opened, served: { model: plan.model, history: plan.history } };
    } catch (primaryError) {
      if (!plan.backup || upstream.signal.aborted) throw upstreamFailure(primaryError);
      dependencies.logger.warn({ err: primaryError, model: plan.model.id, backup: plan.backup.model.id }, 'primary model failed before its first part; asking the backup');
      try {
        const opened = await openUpstream(gateway, { model: plan.backup.model, history: plan.backup.history, signal: upstream.signal });
        return { ...opened, served: { ...plan.backup, fellBackFrom: plan.model.id } };
      } catch (backupError) {
        throw upstreamFailure(backupError);
      }
    }
  }

  const opening = openWithFallback();
  const writes = saveRows ? afterRequestSent().then(saveRows) : undefined;
  const [written, opened] = await Promise.allSettled([writes, opening]);
  if (written.status === 'rejected') {
    upstream.abort();
    if (opened.status === 'fulfilled') void opened.value.iterator.return?.();
    throw written.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  const { first, iterator, served } = opened.value;

  async function run(write: (text: string) => Promise<unknown>): Promise<ReplyResult> {
    let text = '';
    let usage: (TokenUsage & { estimated: boolean }) | undefined;
    let firstTextAt: number | undefined;
    let aborted = false;
    let failure: unknown;
    try {
      for (let step: IteratorResult<ChatStreamPart> = first; !step.done; step = await iterator.next()) {
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
      dependencies.logger.warn({ err: error, model: served.model.id }, 'reply failed after it started');
    }
    usage ??= {
      estimated: true,
      inputTokens: estimateMessagesTokens(served.history),
      cachedInputTokens: 0,
      outputTokens: estimateTextTokens(text),
    };
    const status = failure !== undefined || aborted ? (text ? 'partial' : 'failed') : 'complete';
    const referenceCostUsd = costOfUsage(plan.reference, usage);
    const recorded = await recordReply(dependencies, plan, {
      text,
      status,
      model: served.model,
      fellBackFrom: served.fellBackFrom,
      usage,
      costUsd: costOfUsage(served.model, usage),
      referenceCostUsd,
      latencyMs: Math.round(performance.now() - started),
      timeToFirstTokenMs: firstTextAt === undefined ? null : Math.round(firstTextAt - started),
    }).catch((error: unknown) => {
      dependencies.logger.error({ err: error }, 'recording a reply failed');
      return undefined;
    });
    if (!recorded) return { text, error: { code: 'internal', message: 'The reply could not be saved.' } };
    if (failure !== undefined) return { text, error: streamFailure(failure) };
    // Stored after the metadata is on its way: the user need not wait for the cache.
    if (status === 'complete') void dependencies.inFlight.track(storeInCache(dependencies, plan, { text, metadata: recorded, model: served.model.id, referenceCostUsd }));
    return { text, metadata: recorded };
  }

  return { abort: () => upstream.abort(), complete: (write) => dependencies.inFlight.track(run(write)) };
}

/** Keeps a complete reply for the semantic cache; a failure to store costs only a future hit. */
async function storeInCache(
  dependencies: ConversationDependencies,
  plan: ReplyPlan,
  reply: { text: string; metadata: StreamMetadata; model: string; referenceCostUsd: number },
): Promise<void> {
  const cache = dependencies.routing.cache;
  if (!cache || !plan.cache) return;
  await cache
    .store(
      {
        orgId: plan.caller.orgId,
        sessionId: plan.sessionId,
        replyMessageId: reply.metadata.assistant_msg_id,
        request: plan.cache.request,
        reply: reply.text,
        modelId: reply.model,
        referenceCostUsd: reply.referenceCostUsd,
        embedding: plan.cache.embedding,
      },
      plan.cache.settings,
    )
    .catch((error: unknown) => dependencies.logger.warn({ err: error }, 'storing a reply in the cache failed'));
}

/** The next turn of the event loop: by then the HTTP client has written the model's request. */
function afterRequestSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
