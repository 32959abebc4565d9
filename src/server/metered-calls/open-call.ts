import { randomUUID } from 'node:crypto';
import type { Picodollars } from '../../money';
import { estimateTextTokens, costOfUsage, type CatalogModel } from '../../gateway';
import { completeDecision } from './decision-repository';
import type { CallContext } from './call-context';
import { DeadlinePassed } from './call-deadlines';
import { upstreamFailure } from './call-errors';
import type { HeldAttempt } from './call-holds';
import { abandonedCall, refusedCall, usageRecordOf, type CallUsage } from './call-usage';
import { keepUsage } from './keep-usage';
import type { CallPlan } from './metered-call';
import { openAttempt, type OpenedAttempt } from './open-attempt';
import { nextTurn, requestOnTheWire } from './request-on-the-wire';
import { saveStreamingUsageRecord, withdrawStreamingUsageRecord } from './usage-record-repository';

/** The model answering, its first token in: the backup after the primary failed before answering. */
export interface OpenedCall extends OpenedAttempt {
  fellBackFrom?: CatalogModel;
}

/**
 * Asks the plan's model and waits for its first token, so a failure before any text becomes an
 * ordinary error answer (a thrown AppError) while the status can still be chosen. When the primary
 * fails before its first token (an error, a passed deadline) and the room was held for a backup,
 * the backup is asked instead; a failure after the first token is the stream's, never spliced
 * with another model's text. Every model asked is on the books: a refusal counts as a failed call
 * of that model, a deadline or a stop as an abandoned one (the provider had the prompt).
 *
 * The caller's `beside` rows, then the call's usage record as streaming (the prompt's estimate,
 * owned by this instance), are written while the model starts: begun once its request is on the
 * wire, since the embedded database runs on this thread and started first would hold the request
 * back. The call opens only once they are written, so no first byte goes out before the call is on
 * the books: a crash after it leaves a record that recovery marks interrupted (docs/decisions/064).
 * When the rows fail (or the cache answered meanwhile) the call is stopped, its usage kept on its
 * own, and their error thrown; when they succeed but the model fails, the attempts' own records
 * replace the streaming one, the decision is completed with the failure and the model's error thrown.
 */
export async function openCall<Plan extends CallPlan, Row>(context: CallContext<Plan, Row>): Promise<OpenedCall> {
  const { dependencies, options, held, upstream } = context;
  const [primary, backup] = held.attempts;
  // The attempt under way now: the primary's, or its backup's once the primary has failed.
  let asking: HeldAttempt = primary;
  let unansweredCost = 0n;
  const keepAttempt = async (call: CallUsage, links: { decisionId?: string } = { decisionId: options.decisionId }) => {
    unansweredCost += call.costPicodollars;
    await keepUsage(dependencies, usageRecordOf(context.billing, randomUUID(), call, links));
  };
  const accountFor = async (attempt: HeldAttempt, error: unknown) => {
    // After a wait this long, the few milliseconds of the record do not matter; it is in before the reply is.
    if (error instanceof DeadlinePassed)
      await keepAttempt(
        abandonedCall(
          attempt.usable.model,
          dependencies.prices.pricesAt(attempt.usable.model, context.pricedAt),
          attempt.inputTokens,
          context.startedAt,
          error.deadline.kind,
        ),
      );
    else if (!upstream.signal.aborted) await keepAttempt(refusedCall(attempt.usable.model, context.startedAt));
  };

  const onTheWire = (attempt: HeldAttempt) =>
    attempt.usable.model.provider === 'local' ? nextTurn() : requestOnTheWire();
  const openingRecord = (attempt: HeldAttempt) =>
    usageRecordOf(
      context.billing,
      held.usageId,
      promptOnlyCall(context, attempt),
      { decisionId: options.decisionId },
      dependencies.journal.instanceId,
    );
  const recordOpening = (attempt: HeldAttempt) =>
    dependencies.writer.write((transaction) => saveStreamingUsageRecord(transaction, openingRecord(attempt)));
  // The caller's rows and the call's streaming record in one unit: the first byte waits for it (usually long written by then).
  const writes = onTheWire(primary).then(async () => {
    const rows = await options.beside?.(held.plan, { inputTokens: primary.inputTokens });
    await dependencies.writer.write(async (transaction) => {
      await rows?.write(transaction);
      await saveStreamingUsageRecord(transaction, openingRecord(primary));
    });
    rows?.written?.();
  });
  // The backup's record, once the primary has failed: the streaming record names the model answering.
  let backupWrites: Promise<void> | undefined;

  async function openWithFallback(): Promise<OpenedCall> {
    try {
      return await openAttempt(context.gateway, primary, context.deadlines.primary, upstream.signal);
    } catch (primaryError) {
      await accountFor(primary, primaryError);
      if (!backup || upstream.signal.aborted) throw primaryError;
      dependencies.logger.warn(
        { err: primaryError, model: primary.usable.model.id, backup: backup.usable.model.id },
        'primary model failed before its first token; asking the backup',
      );
      asking = backup;
      backupWrites = writes.then(() => onTheWire(backup)).then(() => recordOpening(backup));
      backupWrites.catch(() => upstream.abort());
      let opened: OpenedAttempt;
      try {
        opened = await openAttempt(context.gateway, backup, context.deadlines.backup, upstream.signal);
      } catch (backupError) {
        await accountFor(backup, backupError);
        throw backupError;
      }
      return { ...opened, fellBackFrom: primary.usable.model };
    }
  }

  const opening = openWithFallback();
  let openingSettled = false;
  void opening.finally(() => (openingSettled = true)).catch(() => undefined);
  let stoppedBeforeFirstToken = false;
  // Rows refused, or the cache answered meanwhile: the call stops now, not after its first token.
  writes.catch(() => {
    stoppedBeforeFirstToken = !openingSettled;
    upstream.abort();
  });
  const [firstWritten, opened] = await Promise.allSettled([writes, opening]);
  const written =
    firstWritten.status === 'fulfilled' && backupWrites ? (await Promise.allSettled([backupWrites]))[0] : firstWritten;
  // The call did not open: the records of its attempts (or of its first token) are kept on their own; the streaming one that stood for it goes.
  const withdrawOpening = () =>
    withdrawStreamingUsageRecord(dependencies.db, context.billing.asker.caller.orgId, held.usageId).catch(
      (error: unknown) => dependencies.logger.error({ err: error }, 'withdrawing an unopened call’s record failed'),
    );
  if (written.status === 'rejected') {
    upstream.abort();
    await withdrawOpening();
    if (opened.status === 'fulfilled') {
      opened.value.release();
      void opened.value.iterator.return?.().catch(() => undefined);
      await keepAttempt(unsavedCall(context, opened.value), {});
    } else if (stoppedBeforeFirstToken) {
      // The request was sent and may be billed although nothing came back yet; none of its rows exist.
      await keepAttempt(
        abandonedCall(
          asking.usable.model,
          context.dependencies.prices.pricesAt(asking.usable.model, context.pricedAt),
          asking.inputTokens,
          context.startedAt,
        ),
        {},
      );
    }
    throw written.reason;
  }
  if (opened.status === 'rejected') {
    await withdrawOpening();
    await completeUnanswered(context, unansweredCost);
    throw upstreamFailure(opened.reason);
  }
  return opened.value;
}

/**
 * A call as it stands when its model is asked: the prompt's estimated tokens and no answer yet,
 * streaming. It is what recovery finds if the instance dies before the first checkpoint.
 */
function promptOnlyCall<Plan extends CallPlan, Row>(context: CallContext<Plan, Row>, attempt: HeldAttempt): CallUsage {
  const { model } = attempt.usable;
  const usage = { inputTokens: attempt.inputTokens, cachedInputTokens: 0, outputTokens: 0, estimated: true };
  const prices = context.dependencies.prices.pricesAt(model, context.pricedAt);
  const reference = context.held.plan.reference;
  return {
    model,
    usage,
    costPicodollars: costOfUsage(prices, usage),
    referenceCostPicodollars: reference
      ? costOfUsage(context.dependencies.prices.pricesAt(reference, context.pricedAt), usage)
      : 0n,
    priceVersion: prices.versionId,
    latencyMs: Math.round(performance.now() - context.startedAt),
    timeToFirstTokenMs: null,
  };
}

/** A call whose rows were refused: the prompt and the first token it answered, linked to nothing (none of its rows exist). */
function unsavedCall<Plan extends CallPlan, Row>(context: CallContext<Plan, Row>, opened: OpenedAttempt): CallUsage {
  const firstText = !opened.first.done && opened.first.value.type === 'text' ? opened.first.value.text : '';
  const usage = {
    inputTokens: opened.attempt.inputTokens,
    cachedInputTokens: 0,
    outputTokens: estimateTextTokens(firstText),
    estimated: true,
  };
  const prices = context.dependencies.prices.pricesAt(opened.model, context.pricedAt);
  return {
    model: opened.model,
    usage,
    costPicodollars: costOfUsage(prices, usage),
    referenceCostPicodollars: 0n,
    priceVersion: prices.versionId,
    latencyMs: Math.round(performance.now() - context.startedAt),
    timeToFirstTokenMs: null,
    outcome: 'abandoned',
  };
}

/** No model answered: the decision (its rows are written by now) says so, with what the attempts cost. */
async function completeUnanswered<Plan extends CallPlan, Row>(
  context: CallContext<Plan, Row>,
  costPicodollars: Picodollars,
): Promise<void> {
  const { decisionId } = context.options;
  if (!decisionId) return;
  await completeDecision(context.dependencies.db, context.billing.asker.caller.orgId, decisionId, {
    replyMessageId: null,
    servedModelId: null,
    inputTokens: 0,
    outputTokens: 0,
    costPicodollars,
    referenceCostPicodollars: 0n,
  }).catch((error: unknown) =>
    context.dependencies.logger.error({ err: error, decisionId }, 'completing an unanswered decision failed'),
  );
}
