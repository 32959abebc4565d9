import type { ChatStreamPart, ChatStreamRequest } from '../../gateway/model-calling';
import type { UsableModel } from '../usage/usable-model';
import type { CallContext } from './call-context';
import { deadlinesFor } from './call-deadlines';
import { holdRoom } from './call-holds';
import { releaseHolds } from './keep-usage';
import type { CallAsker, CallPlan, MeteredCall, MeteredCallOptions } from './metered-call';
import type { MeteredCallsDependencies } from './metered-dependencies';
import { meteredEmbedding, type MeteredEmbedding, type MeteredEmbeddingOptions } from './metered-embedding';
import { meteredStream } from './metered-stream';
import { openCall } from './open-call';

/**
 * The one way a model is called on an organisation's behalf (docs/decisions/037): a middleware
 * around the model, as the AI SDK's `wrapLanguageModel` is. Each call holds room in the caller's
 * monthly limits and the wallet, asks the model through the gateway with its deadlines (the
 * backup when the primary fails before answering), streams its parts out while the journal saves
 * it, and settles it on every path: usage recorded, decision completed, holds released, the
 * wallet's auto-reload woken. Only this module imports the gateway's model-calling parts
 * (.dependency-cruiser.cjs).
 */
export interface MeteredCalls {
  /**
   * Opens a call: resolves once its model's first token is in (the caller can still choose its
   * answer's status), or throws an AppError (refused by a limit or the wallet, the model failed
   * before answering, a deadline passed, the caller's rows refused) with its books already settled.
   */
  open<Plan extends CallPlan, Row = never>(options: MeteredCallOptions<Plan, Row>): Promise<MeteredCall<Plan, Row>>;
  /**
   * One model as a model: every `stream` a whole metered call for `asker`, read like the gateway's
   * own streams (parts out, failures thrown), and settled before the stream ends. For callers that
   * only read the answer (the cache's judge; later the API for programs).
   */
  model(asker: CallAsker, usable: UsableModel, options?: { minOutputTokens?: number }): MeteredModel;
  /**
   * Asks an embedding model for vectors as one metered call: held, deadlined, recorded and settled
   * like a chat call, or an AppError (a limit, the wallet, the provider) with its books settled.
   */
  embed(options: MeteredEmbeddingOptions): Promise<MeteredEmbedding>;
}

/** A model whose every call is metered; `modelId` must name the model it was made for. */
interface MeteredModel {
  stream(request: ChatStreamRequest): AsyncIterable<ChatStreamPart>;
}

export function createMeteredCalls(dependencies: MeteredCallsDependencies): MeteredCalls {
  async function open<Plan extends CallPlan, Row>(
    options: MeteredCallOptions<Plan, Row>,
  ): Promise<MeteredCall<Plan, Row>> {
    const observed = dependencies.observer?.begin();
    try {
      const call = await openObserved(options);
      observed?.answered({ model: call.model, upstreamMs: call.upstreamMs });
      void call.settled.then((settlement) => observed?.ended(settlement));
      return call;
    } catch (error) {
      observed?.ended();
      throw error;
    }
  }

  async function openObserved<Plan extends CallPlan, Row>(
    options: MeteredCallOptions<Plan, Row>,
  ): Promise<MeteredCall<Plan, Row> & { upstreamMs: number }> {
    const { orgId } = options.asker.caller;
    const [{ credentials, instancePaid }, policy] = await Promise.all([
      dependencies.providers.callingFor(orgId),
      dependencies.policies.load(orgId),
    ]);
    const held = await holdRoom(dependencies, options, instancePaid);
    const upstream = new AbortController();
    const stopUpstream = () => upstream.abort();
    // A client that leaves before the first token (e.g. while the local model's queue is long) stops the call too.
    options.signal?.addEventListener('abort', stopUpstream, { once: true });
    const context: CallContext<Plan, Row> = {
      dependencies,
      options,
      held,
      billing: { asker: options.asker, walletPays: instancePaid, leaseIds: held.leaseIds },
      gateway: dependencies.gateways.for(credentials),
      deadlines: {
        primary: deadlinesFor(policy.deadlines, {
          backupWaiting: held.attempts.length > 1 ? dependencies.firstPartTimeoutMs : undefined,
        }),
        backup: deadlinesFor(policy.deadlines),
      },
      pricedAt: new Date(),
      startedAt: performance.now(),
      upstream,
    };
    try {
      await options.beforeCall?.();
      if (options.signal?.aborted) upstream.abort();
      const opened = await openCall(context);
      return Object.assign(meteredStream(context, opened), { upstreamMs: opened.firstPartAt - opened.askedAt });
    } catch (error) {
      // No call: it was refused before a model was asked, failed before its first token, or its rows were refused (its usage is on the books by now).
      options.signal?.removeEventListener('abort', stopUpstream);
      releaseHolds(dependencies, held.holds);
      throw error;
    }
  }

  function model(asker: CallAsker, usable: UsableModel, options: { minOutputTokens?: number } = {}): MeteredModel {
    return {
      async *stream(request) {
        if (request.modelId !== usable.model.id)
          throw new Error(`This metered model is ${usable.model.id}, not ${request.modelId}`);
        const { modelId: _modelId, abortSignal, ...asked } = request;
        const cap = Math.min(usable.replyTokenCap, asked.maxOutputTokens ?? usable.replyTokenCap);
        const call = await open({
          asker,
          plan: { primary: { ...usable, replyTokenCap: cap } },
          request: () => asked,
          minOutputTokens: options.minOutputTokens,
          signal: abortSignal,
        });
        try {
          yield* call.stream;
        } finally {
          call.abort();
          await call.settled;
        }
      },
    };
  }

  async function embed(options: MeteredEmbeddingOptions): Promise<MeteredEmbedding> {
    const observed = dependencies.observer?.begin();
    try {
      // Shutdown waits for it: its usage is recorded before the database closes.
      return await dependencies.inFlight.track(meteredEmbedding(dependencies, options));
    } finally {
      observed?.ended();
    }
  }

  return { open, model, embed };
}
