import type { CatalogModel } from '../../gateway';
import type { ChatProvider, ChatStreamPart } from '../../gateway/model-calling';
import { watchDeadlines, type CallDeadlines, type DeadlineWatch } from './call-deadlines';
import type { HeldAttempt } from './call-holds';

/** One model asked, its first token (or its end, for an empty answer) arrived. */
export interface OpenedAttempt {
  attempt: HeldAttempt;
  model: CatalogModel;
  first: IteratorResult<ChatStreamPart>;
  /** performance.now() when the request went to the model, and when its first part came back. */
  askedAt: number;
  firstPartAt: number;
  iterator: AsyncIterator<ChatStreamPart>;
  /** Watches the silence between the tokens still to come. */
  watch: DeadlineWatch;
  /** Stops this model's call. */
  stop(): void;
  /** Once the call has ended: lets go of the caller's signal and the deadlines' timer. */
  release(): void;
}

/**
 * Asks one model through the gateway and waits for its first token, with the call's deadlines
 * (docs/decisions/038): a model that has not started its response, or its first token, in time is
 * stopped, and its `DeadlinePassed` thrown, as any failure before the first token is. The caller's
 * `signal` stops it too (the gateway then ends the stream as 'aborted').
 */
export async function openAttempt(
  gateway: ChatProvider,
  attempt: HeldAttempt,
  deadlines: CallDeadlines,
  signal: AbortSignal,
): Promise<OpenedAttempt> {
  const model = attempt.usable.model;
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  const watch = watchDeadlines(model, deadlines, (passed) => controller.abort(passed));
  const release = () => {
    watch.stop();
    signal.removeEventListener('abort', stop);
  };
  const askedAt = performance.now();
  const iterator = gateway
    .stream({
      ...attempt.request,
      modelId: model.id,
      maxOutputTokens: attempt.maxOutputTokens,
      abortSignal: controller.signal,
    })
    [Symbol.asyncIterator]();
  try {
    for (;;) {
      const first = await iterator.next();
      if (watch.passed) {
        // Stopped by the deadline: the gateway ended the stream as aborted, with an estimate nobody needs.
        void iterator.return?.().catch(() => undefined);
        throw watch.passed;
      }
      if (!first.done && first.value.type === 'response-start') {
        watch.responseStarted();
        continue;
      }
      if (!first.done && (first.value.type === 'text' || first.value.type === 'tool-call')) watch.tokenArrived();
      return { attempt, model, first, askedAt, firstPartAt: performance.now(), iterator, watch, stop, release };
    }
  } catch (error) {
    release();
    throw watch.passed ?? error;
  }
}
