import { randomUUID } from 'node:crypto';
import { costOfUsage, countMessagesTokens, estimateTextTokens, type CatalogModel } from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import { keepCallUsage } from './keep-call-usage';
import { FirstPartTimeout, openUpstream } from './open-upstream';
import { usageRecordOf, type UsageLinks } from './record-reply';
import type { ModelCallPlan, ReplyPlan } from './reply-plan';
import { runOpenedReply, type OpenedCall, type ReplyResult } from './run-opened-reply';
import { nextTurn, requestOnTheWire } from './request-on-the-wire';
import { upstreamFailure } from './upstream-error';

export type { ReplyResult } from './run-opened-reply';

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
 * fail, the model call is stopped, its usage kept on its own (the provider may bill it), and their
 * error thrown; when they succeed but the model fails, the model's error is thrown.
 */
export async function openReply(
  dependencies: ConversationDependencies,
  plan: ModelCallPlan,
  clientSignal?: AbortSignal,
  saveRows?: () => Promise<unknown>,
): Promise<OpenedReply> {
  const started = performance.now();
  const upstream = new AbortController();
  // A client that leaves before the first byte (e.g. while the local model's queue is long) stops the call too.
  clientSignal?.addEventListener('abort', () => upstream.abort(), { once: true });
  const { gateway } = plan;
  const timeoutMs = plan.backup ? dependencies.routing.firstPartTimeoutMs : undefined;

  // The call on its way now: the primary's, or its backup's once the primary has failed.
  let asking = { model: plan.model, inputTokens: plan.inputTokens };

  async function openWithFallback(): Promise<OpenedCall> {
    try {
      const { temperature } = plan.generation ?? {};
      const opened = await openUpstream(gateway, {
        model: plan.model,
        history: plan.history,
        signal: upstream.signal,
        timeoutMs,
        temperature,
        maxOutputTokens: plan.maxOutputTokens,
      });
      return {
        ...opened,
        started,
        served: {
          model: plan.model,
          history: plan.history,
          inputTokens: plan.inputTokens,
          maxOutputTokens: plan.maxOutputTokens,
        },
      };
    } catch (primaryError) {
      // After a wait this long, the few milliseconds of the record do not matter; it is in before the reply is.
      if (primaryError instanceof FirstPartTimeout)
        await keepCallUsage(dependencies, usageOfAbandonedCall(plan, started));
      else if (!upstream.signal.aborted)
        await keepCallUsage(dependencies, usageOfRefusedCall(plan, plan.model, started));
      if (!plan.backup || upstream.signal.aborted) throw upstreamFailure(primaryError);
      dependencies.logger.warn(
        { err: primaryError, model: plan.model.id, backup: plan.backup.model.id },
        'primary model failed before its first part; asking the backup',
      );
      try {
        const { model, history, maxOutputTokens } = plan.backup;
        const inputTokens = await countMessagesTokens(history);
        asking = { model, inputTokens };
        const opened = await openUpstream(gateway, {
          model,
          history,
          signal: upstream.signal,
          temperature: plan.generation?.temperature,
          maxOutputTokens,
        });
        return { ...opened, started, served: { ...plan.backup, inputTokens, fellBackFrom: plan.model.id } };
      } catch (backupError) {
        if (!upstream.signal.aborted)
          await keepCallUsage(dependencies, usageOfRefusedCall(plan, plan.backup.model, started));
        throw upstreamFailure(backupError);
      }
    }
  }

  const opening = openWithFallback();
  let openingSettled = false;
  void opening.finally(() => (openingSettled = true)).catch(() => undefined);
  let stoppedBeforeFirstPart = false;
  const writes = saveRows
    ? (plan.model.provider === 'local' ? nextTurn() : requestOnTheWire()).then(saveRows)
    : undefined;
  // Rows refused, or the cache answered meanwhile: the call stops now, not after its first part.
  writes?.catch(() => {
    stoppedBeforeFirstPart = !openingSettled;
    upstream.abort();
  });
  const [written, opened] = await Promise.allSettled([writes, opening]);
  if (written.status === 'rejected') {
    upstream.abort();
    if (opened.status === 'fulfilled') {
      void opened.value.iterator.return?.();
      await keepCallUsage(dependencies, usageOfUnsavedCall(plan, opened.value));
    } else if (stoppedBeforeFirstPart) {
      // The request was sent and may be billed although nothing came back yet; none of its rows exist.
      await keepCallUsage(dependencies, usageOfAbandonedCall(plan, started, {}, asking));
    }
    throw written.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  const call = opened.value;
  return {
    abort: () => upstream.abort(),
    complete: (write) => dependencies.inFlight.track(runOpenedReply(dependencies, plan, call, write)),
  };
}

/** A call whose rows were refused: the prompt and the first part it answered, linked to nothing (none of its rows exist). */
function usageOfUnsavedCall(plan: ReplyPlan, call: OpenedCall) {
  const firstText = !call.first.done && call.first.value.type === 'text' ? call.first.value.text : '';
  const usage = {
    inputTokens: call.served.inputTokens,
    cachedInputTokens: 0,
    outputTokens: estimateTextTokens(firstText),
    estimated: true,
  };
  return usageRecordOf(
    plan,
    randomUUID(),
    {
      model: call.served.model,
      usage,
      costUsd: costOfUsage(call.served.model, usage),
      referenceCostUsd: costOfUsage(plan.reference, usage),
      latencyMs: Math.round(performance.now() - call.started),
      timeToFirstTokenMs: null,
      status: 'abandoned',
    },
    {},
  );
}

/**
 * A model call given up before its first part (the primary's, unless `asked` names the backup's):
 * the prompt it was sent, nothing answered, for the decision it served (none when that was never
 * written).
 */
function usageOfAbandonedCall(
  plan: ReplyPlan,
  started: number,
  links: UsageLinks = { decisionId: plan.decisionId },
  asked: { model: CatalogModel; inputTokens: number } = { model: plan.model, inputTokens: plan.inputTokens },
) {
  const usage = { inputTokens: asked.inputTokens, cachedInputTokens: 0, outputTokens: 0, estimated: true };
  const call = {
    model: asked.model,
    usage,
    costUsd: costOfUsage(asked.model, usage),
    // Without the router the reference model is asked once: the served reply's record counts that.
    referenceCostUsd: 0,
    latencyMs: Math.round(performance.now() - started),
    timeToFirstTokenMs: null,
    status: 'abandoned' as const,
  };
  return usageRecordOf(plan, randomUUID(), call, links);
}

/**
 * A model that refused the call before answering (an error status, a dropped connection): nothing
 * was used or billed, but it was asked, so its success rate counts the failure (docs/decisions/020).
 */
function usageOfRefusedCall(plan: ReplyPlan, model: CatalogModel, started: number) {
  const call = {
    model,
    usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, estimated: false },
    costUsd: 0,
    referenceCostUsd: 0,
    latencyMs: Math.round(performance.now() - started),
    timeToFirstTokenMs: null,
    status: 'failed' as const,
  };
  return usageRecordOf(plan, randomUUID(), call, { decisionId: plan.decisionId });
}
