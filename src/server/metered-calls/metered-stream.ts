import type { ChatFinishReason, TokenUsage } from '../../gateway';
import type { ChatStreamPart } from '../../gateway/model-calling';
import type { CallContext } from './call-context';
import { createCallProgress } from './call-progress';
import type { CallPlan, CallSettlement, MeteredCall } from './metered-call';
import type { OpenedCall } from './open-call';
import { settleCall } from './settle-call';

/**
 * The opened call as its caller reads it: the parts pass through as they arrive while the journal
 * saves the call (its rows once the first text is out, then about every second) and the deadline
 * on the silence between tokens is watched; when the stream ends (to the end, by a failure, or by
 * the reader stopping) the call is settled once. The reader's pace is the stream's: the next part
 * is asked for only when the reader wants it.
 */
export function meteredStream<Plan extends CallPlan, Row>(
  context: CallContext<Plan, Row>,
  opened: OpenedCall,
): MeteredCall<Plan, Row> {
  const { dependencies } = context;
  const progress = createCallProgress(context, opened);
  const live = dependencies.journal.track(progress);
  let text = '';
  let usage: (TokenUsage & { estimated: boolean }) | undefined;
  let finishReason: ChatFinishReason | undefined;
  let failure: unknown;
  let firstTextAt: number | undefined;
  let reading = false;
  let ended = false;
  let settle!: (settlement: CallSettlement<Row>) => void;
  const settled = dependencies.inFlight.track(
    new Promise<CallSettlement<Row>>((resolve) => {
      settle = resolve;
    }),
  );

  async function end(): Promise<void> {
    if (ended) return;
    ended = true;
    opened.release();
    // Stopped before its end (the reader left, or it failed): the model's call stops with it.
    if (finishReason === undefined) {
      opened.stop();
      void opened.iterator.return?.().catch(() => undefined);
      // A reader that left (never read, or stopped reading) stopped it, as a client's abort does.
      if (failure === undefined) finishReason = 'aborted';
    }
    const { transcriptWritten } = await live.close();
    const timeToFirstTokenMs = firstTextAt === undefined ? null : Math.round(firstTextAt - context.startedAt);
    settle(
      await settleCall(context, opened, {
        text,
        usage,
        finishReason,
        failure,
        timeToFirstTokenMs,
        transcriptWritten,
      }),
    );
  }

  async function* parts(): AsyncGenerator<ChatStreamPart> {
    if (reading) throw new Error('A metered call is read once');
    reading = true;
    try {
      for (let step = opened.first; !step.done; step = await opened.iterator.next()) {
        const part = step.value;
        if (part.type === 'text') {
          opened.watch.tokenArrived();
          const isFirst = firstTextAt === undefined;
          firstTextAt ??= performance.now();
          text += part.text;
          progress.text = text;
          yield part;
          if (isFirst) {
            progress.timeToFirstTokenMs = Math.round(firstTextAt - context.startedAt);
            live.firstTextSent();
          }
        } else if (part.type === 'tool-call') {
          // A tool call is the answer's output as much as text is: it ends the silence and counts as the first token.
          opened.watch.tokenArrived();
          firstTextAt ??= performance.now();
          yield part;
        } else if (part.type === 'usage') {
          usage = part;
          yield part;
        } else if (part.type === 'finish') {
          // Aborted by the deadline on silence: the call failed, whatever the gateway made of the abort.
          if (opened.watch.passed) throw opened.watch.passed;
          finishReason = part.reason;
          yield part;
        }
      }
    } catch (error) {
      failure = opened.watch.passed ?? error;
      dependencies.logger.warn({ err: failure, model: opened.model.id }, 'a model call failed after it started');
      throw failure;
    } finally {
      // Never rejects: settling records what it can and logs the rest.
      void end();
    }
  }

  return {
    plan: context.held.plan,
    model: opened.model,
    fellBackFrom: opened.fellBackFrom,
    stream: { [Symbol.asyncIterator]: parts },
    abort() {
      context.upstream.abort();
      // Never read: nothing else will settle it.
      if (!reading) void end();
    },
    settled,
  };
}
