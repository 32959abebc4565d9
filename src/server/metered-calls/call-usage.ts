import type { DeadlineKind } from '../../contracts';
import { type Picodollars, usdDecimal } from '../../money';
import {
  costOfUsage,
  type CatalogModel,
  type ChatFinishReason,
  type ProviderName,
  type TokenPrices,
  type TokenUsage,
} from '../../gateway';
import type { UsageOutcome } from '../db/schema';
import type { CallLeaseIds } from '../usage/call-room';
import type { CallAsker, UsageLinks } from './metered-call';
import type { NewUsageRecord } from './usage-record-repository';

/** What one model call came to, as its usage record holds it. */
export interface CallUsage {
  model: CatalogModel;
  usage: TokenUsage & { estimated: boolean };
  costPicodollars: Picodollars;
  /** The same usage at the reference model's prices; 0 without one. */
  referenceCostPicodollars: Picodollars;
  /** The price version `costPicodollars` was reckoned at (model_prices); null for a model without one, or nothing charged. */
  priceVersion: string | null;
  latencyMs: number;
  timeToFirstTokenMs: number | null;
  /** How it ended; without one it is still streaming. */
  outcome?: UsageOutcome;
  finishReason?: ChatFinishReason;
  deadline?: DeadlineKind;
}

/** Who is billed and how: the asker, and the providers whose calls the organisation's wallet pays (the instance's keys). */
export interface CallBilling {
  asker: CallAsker;
  walletPays: ReadonlySet<ProviderName>;
  /** Per model, the budget leases the call's room was held in: its records are written under them (docs/decisions/073). */
  leaseIds?: ReadonlyMap<string, CallLeaseIds>;
}

/** A model call's usage record: numbers and ids only, never text from the conversation. */
export function usageRecordOf(
  billing: CallBilling,
  usageId: string,
  call: CallUsage,
  links: UsageLinks & { decisionId?: string },
  streamOwner?: string,
): NewUsageRecord {
  const { caller, source } = billing.asker;
  const outcome = call.outcome ?? 'streaming';
  const leases = billing.leaseIds?.get(call.model.id);
  return {
    id: usageId,
    orgId: caller.orgId,
    userId: caller.userId,
    sessionId: links.sessionId ?? null,
    messageId: links.messageId ?? null,
    decisionId: links.decisionId ?? null,
    modelId: call.model.id,
    inputTokens: call.usage.inputTokens,
    cachedInputTokens: call.usage.cachedInputTokens,
    outputTokens: call.usage.outputTokens,
    costUsd: usdDecimal(call.costPicodollars),
    referenceCostUsd: usdDecimal(call.referenceCostPicodollars),
    cacheHit: false,
    latencyMs: call.latencyMs,
    timeToFirstTokenMs: call.timeToFirstTokenMs,
    estimated: call.usage.estimated,
    outcome,
    // The database debits the wallet once the record stops streaming (custom migration 0015).
    billedToWallet: billing.walletPays.has(call.model.provider),
    finishReason: call.finishReason ?? null,
    source,
    apiKeyId: billing.asker.apiKey?.id ?? null,
    priceVersion: call.priceVersion,
    deadline: call.deadline ?? null,
    limitLeaseId: leases?.limit ?? null,
    budgetLeaseId: leases?.budget ?? null,
    walletLeaseId: leases?.wallet ?? null,
    // Owned while streaming, so a crash is accounted for (docs/decisions/015, 037).
    streamOwner: outcome === 'streaming' ? (streamOwner ?? null) : null,
  };
}

/**
 * A call given up before its first token (a deadline passed, the rows it belonged to were refused,
 * the cache answered meanwhile): the provider had the prompt and may bill it, so the prompt's
 * estimated tokens are counted, and nothing answered. Without the router the reference model is
 * asked once: the answering call's record counts that, so this one has no reference cost.
 */
export function abandonedCall(
  model: CatalogModel,
  prices: TokenPrices,
  inputTokens: number,
  startedAt: number,
  deadline?: DeadlineKind,
): CallUsage {
  const usage = { inputTokens, cachedInputTokens: 0, outputTokens: 0, estimated: true };
  return {
    model,
    usage,
    costPicodollars: costOfUsage(prices, usage),
    referenceCostPicodollars: 0n,
    priceVersion: prices.versionId,
    latencyMs: Math.round(performance.now() - startedAt),
    timeToFirstTokenMs: null,
    outcome: 'abandoned',
    deadline,
  };
}

/**
 * A model that refused the call before answering (an error status, a dropped connection): nothing
 * was used or billed, but it was asked, so its success rate counts the failure (docs/decisions/020).
 */
export function refusedCall(model: CatalogModel, startedAt: number): CallUsage {
  return {
    model,
    usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, estimated: false },
    costPicodollars: 0n,
    referenceCostPicodollars: 0n,
    priceVersion: null,
    latencyMs: Math.round(performance.now() - startedAt),
    timeToFirstTokenMs: null,
    outcome: 'failed',
  };
}
