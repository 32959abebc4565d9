import type { Caller } from '../http/context';
import type { PriceBook } from '../pricing/price-book';
import type { Amount, LeaseScope } from './budget-lease-book';
import { heldInputTokens, type MonthlyLimits, type TokenPrices } from './limit-arithmetic';
import { limitsOf, pricesOf } from './monthly-limits';
import type { PlannedCall, ReservingApiKey, WalletPayment } from './call-room';

/** One budget a call must hold room in: its lease's scope and the terms a lease must have been claimed under. */
export interface Need {
  scope: LeaseScope;
  terms: string;
}

/** Which budgets a call holds room in (docs/decisions/019, 022, 055, 073), and what all of its request would hold. */
export interface CallNeeds {
  call: PlannedCall;
  limits?: MonthlyLimits;
  prices: TokenPrices;
  /** The prompt's held tokens (with their margin). */
  inputTokens: number;
  limit?: Need;
  budget?: Need;
  wallet?: Need;
  /** The prompt and the whole reply cap, in tokens and at the model's prices. */
  whole: Amount;
}

export function needsOf(
  caller: Caller,
  call: PlannedCall,
  options: { prices: PriceBook; now: Date; periodStart: Date; wallet?: WalletPayment; apiKey?: ReservingApiKey },
): CallNeeds {
  const limits = limitsOf(call.usable);
  const prices = pricesOf(options.prices, call.usable.model, options.now);
  const inputTokens = heldInputTokens(call.inputTokens);
  const cap = call.usable.replyTokenCap;
  const budget = options.apiKey?.monthlyBudgetPicodollars ?? null;
  const { orgId } = caller;
  return {
    call,
    limits,
    prices,
    inputTokens,
    limit: limits
      ? {
          scope: {
            kind: 'limit',
            orgId,
            userId: caller.userId,
            modelId: call.usable.model.id,
            periodStart: options.periodStart,
          },
          terms: `${limits.tokens ?? '-'}/${limits.costPicodollars ?? '-'}`,
        }
      : undefined,
    budget:
      budget !== null && options.apiKey
        ? {
            scope: { kind: 'key-budget', orgId, apiKeyId: options.apiKey.id, periodStart: options.periodStart },
            terms: String(budget),
          }
        : undefined,
    wallet: options.wallet?.pays(call.usable.model) ? { scope: { kind: 'wallet', orgId }, terms: 'wallet' } : undefined,
    whole: {
      tokens: BigInt(inputTokens + cap),
      costPicodollars: BigInt(inputTokens) * prices.inputPicodollars + BigInt(cap) * prices.outputPicodollars,
    },
  };
}

/** The budgets a call needs room in. */
export function needList(needs: CallNeeds): Need[] {
  return [needs.limit, needs.budget, needs.wallet].filter((need): need is Need => need !== undefined);
}
