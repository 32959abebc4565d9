import type { Picodollars } from '../../money';
import { effectiveDeadlines } from '../../contracts';
import { costOfUsage, estimateTextTokens, type EmbeddingModel } from '../../gateway';
import type { UsableModel } from '../usage/usable-model';
import { DeadlinePassed } from './call-deadlines';
import { upstreamFailure } from './call-errors';
import { holdRoom } from './call-holds';
import { abandonedCall, refusedCall, usageRecordOf, type CallBilling, type CallUsage } from './call-usage';
import { keepUsage, releaseHolds } from './keep-usage';
import type { CallAsker } from './metered-call';
import type { MeteredCallsDependencies } from './metered-dependencies';

/** What a caller hands in for one embeddings call. */
export interface MeteredEmbeddingOptions {
  asker: CallAsker;
  /** The embedding model as the caller may use it (its limits), its catalog entry an EmbeddingModel. */
  usable: UsableModel & { model: EmbeddingModel };
  values: readonly string[];
  dimensions?: number;
  signal?: AbortSignal;
}

/** The vectors, and the call as recorded. */
export interface MeteredEmbedding {
  embeddings: number[][];
  inputTokens: number;
  costPicodollars: Picodollars;
  usageId: string;
}

/**
 * One embeddings call through the metered path (docs/decisions/060): room held in the caller's
 * monthly limits, the key's budget and the wallet for the estimated input tokens (an embedding has
 * no output), the provider asked within the organisation's first-token deadline (the whole answer
 * is its first part), the usage recorded with the provider's count, which the database debits
 * from the wallet, and the holds given back on every path.
 */
export async function meteredEmbedding(
  dependencies: MeteredCallsDependencies,
  options: MeteredEmbeddingOptions,
): Promise<MeteredEmbedding> {
  const { orgId } = options.asker.caller;
  const model = options.usable.model;
  const [{ credentials, instancePaid }, policy] = await Promise.all([
    dependencies.providers.callingFor(orgId),
    dependencies.policies.load(orgId),
  ]);
  const estimatedTokens = options.values.reduce((sum, value) => sum + estimateTextTokens(value), 0);
  const held = await holdRoom(
    dependencies,
    {
      asker: options.asker,
      plan: { primary: options.usable },
      // The hold's estimate of the input: each text as a turn counts a little more than the text alone.
      request: () => ({ messages: options.values.map((value) => ({ role: 'user' as const, content: value })) }),
    },
    instancePaid,
  );
  const billing: CallBilling = { asker: options.asker, walletPays: instancePaid, leaseIds: held.leaseIds };
  // Charged at the prices effective when the call started.
  const prices = dependencies.prices.pricesAt(model, new Date());
  const startedAt = performance.now();
  const deadlineMs = effectiveDeadlines(policy.deadlines).first_token_ms;
  const upstream = new AbortController();
  const stop = () => upstream.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  let deadlinePassed: DeadlinePassed | undefined;
  const timer = setTimeout(() => {
    deadlinePassed = new DeadlinePassed(model, 'first_token', deadlineMs);
    upstream.abort();
  }, deadlineMs);
  const record = (call: CallUsage) => keepUsage(dependencies, usageRecordOf(billing, held.usageId, call, {}));
  try {
    const answer = await dependencies.gateways
      .embeddingsFor(credentials)
      .embed({ model, values: options.values, dimensions: options.dimensions, abortSignal: upstream.signal });
    const counted = answer.inputTokens !== undefined && Number.isFinite(answer.inputTokens) && answer.inputTokens > 0;
    const usage = {
      inputTokens: counted ? answer.inputTokens! : estimatedTokens,
      cachedInputTokens: 0,
      outputTokens: 0,
      estimated: !counted,
    };
    const costPicodollars = costOfUsage(prices, usage);
    const elapsed = Math.round(performance.now() - startedAt);
    await record({
      model,
      usage,
      costPicodollars,
      referenceCostPicodollars: 0n,
      priceVersion: prices.versionId,
      latencyMs: elapsed,
      timeToFirstTokenMs: elapsed,
      outcome: 'complete',
    });
    return { embeddings: answer.embeddings, inputTokens: usage.inputTokens, costPicodollars, usageId: held.usageId };
  } catch (error) {
    const failure = deadlinePassed ?? error;
    // The provider had the texts when a deadline passed or the client left, and may bill them; a refusal used nothing.
    if (deadlinePassed || upstream.signal.aborted)
      await record(abandonedCall(model, prices, estimatedTokens, startedAt, deadlinePassed?.deadline.kind));
    else await record(refusedCall(model, startedAt));
    throw upstreamFailure(failure);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
    releaseHolds(dependencies, held.holds);
  }
}
