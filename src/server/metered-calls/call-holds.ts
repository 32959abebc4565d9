import { randomUUID } from 'node:crypto';
import { countMessagesTokens, type CatalogModel, type ProviderName } from '../../gateway';
import { messages } from '../../contracts';
import { AppError } from '../http/app-error';
import { limitExceeded } from '../usage/limit-refusal';
import type { LeaseHold } from '../usage/budget-lease-book';
import type { CallLeaseIds } from '../usage/call-room';
import { reserveModelCalls } from '../usage/reserve-model-call';
import type { UsableModel } from '../usage/usable-model';
import { noticeWalletEmpty } from '../wallet/wallet-empty-notice';
import { walletCannotPay } from '../wallet/wallet-refusal';
import { apiKeyBudgetUsed } from './api-key-budget-refusal';
import type { CallPlan, MeteredCallOptions, ModelOverLimit, ModelRequest } from './metered-call';
import { releaseHolds } from './keep-usage';
import type { MeteredCallsDependencies } from './metered-dependencies';

/** How often an automatic request is routed again after its model's room was taken meanwhile. */
const maxReroutes = 3;

/** One model of the plan as its room was held: what it is sent, and the most it may answer. */
export interface HeldAttempt {
  usable: UsableModel;
  request: ModelRequest;
  /** The estimated tokens of its prompt. */
  inputTokens: number;
  /** The role's cap, cut to the room left in the monthly limits and the wallet. */
  maxOutputTokens: number;
}

/** The room a call holds before any model is asked (docs/decisions/019, 022). */
export interface HeldRoom<Plan extends CallPlan> {
  plan: Plan;
  /** The primary, then the backup when there was room for it too. */
  attempts: [HeldAttempt, ...HeldAttempt[]];
  /** The call's usage record: every hold covers it, as only one of the attempts answers. */
  usageId: string;
  /** What the call holds in its budgets' leases, given back once its usage is recorded (docs/decisions/073). */
  holds: LeaseHold[];
  /** Per model of the attempts, the leases its usage records are written under. */
  leaseIds: ReadonlyMap<string, CallLeaseIds>;
}

type Dependencies = Pick<
  MeteredCallsDependencies,
  'db' | 'logger' | 'leases' | 'prices' | 'wallet' | 'planAllowance' | 'localModelEnabled'
>;

/**
 * Holds room in the caller's monthly limits for the plan's model, and its backup's when there is
 * some (a backup without room is left out), and what they may cost in the wallet when it pays for
 * them. A primary whose limit refused meanwhile is routed around when the caller can (Auto), else
 * refused with its limit (429); a wallet that cannot pay is a notice to the billing scope and a
 * 402, or for Auto a plan of models that cost the wallet nothing when there are some; an API key
 * whose monthly budget is used is a 429 naming the budget and its reset (decision 055).
 */
export async function holdRoom<Plan extends CallPlan, Row>(
  dependencies: Dependencies,
  options: MeteredCallOptions<Plan, Row>,
  walletPays: ReadonlySet<ProviderName>,
): Promise<HeldRoom<Plan>> {
  const { caller } = options.asker;
  const usageId = randomUUID();
  const wallet = dependencies.wallet?.enforced
    ? { pays: (model: CatalogModel) => walletPays.has(model.provider) }
    : undefined;
  const overLimit = new Map<string, ModelOverLimit>();
  let walletRefusal: AppError | undefined;
  for (let plan = options.plan; ; ) {
    await dependencies.planAllowance?.assertRoom(caller, plan.primary.model);
    const planned = await Promise.all(
      [plan.primary, ...(plan.backup ? [plan.backup] : [])].map(async (usable) => {
        const request = await options.request(usable.model);
        return { usable, request, inputTokens: await countMessagesTokens(request.messages) };
      }),
    );
    const [primary, backup] = planned as [(typeof planned)[0], (typeof planned)[0] | undefined];
    const reserved = await reserveModelCalls(
      dependencies.db,
      dependencies.leases,
      caller,
      { primary, backup },
      { prices: dependencies.prices, wallet, apiKey: options.asker.apiKey },
    );
    const granted = reserved.primary;
    const backupGrant = granted.granted && reserved.backup?.granted ? reserved.backup : undefined;
    if (granted.granted) {
      const holds = [...granted.holds, ...(backupGrant?.holds ?? [])];
      if (granted.maxOutputTokens < (options.minOutputTokens ?? 1)) {
        // Room for fewer output tokens than the call is worth: it is not made, and what was held goes back.
        releaseHolds(dependencies, holds);
        throw new AppError('too_many_requests', messages.callRoomTooSmall);
      }
      const attempts: HeldRoom<Plan>['attempts'] = [{ ...primary, maxOutputTokens: granted.maxOutputTokens }];
      const leaseIds = new Map([[primary.usable.model.id, granted.leaseIds]]);
      if (backup && backupGrant) {
        attempts.push({ ...backup, maxOutputTokens: backupGrant.maxOutputTokens });
        leaseIds.set(backup.usable.model.id, backupGrant.leaseIds);
      }
      return { plan: backupGrant ? plan : { ...plan, backup: undefined }, attempts, usageId, holds, leaseIds };
    }
    if ('budget' in granted) throw apiKeyBudgetUsed(granted.budget);
    if ('wallet' in granted) {
      // Told even when Auto goes on without the wallet: chosen paid models are refused meanwhile.
      await noticeWalletEmpty(dependencies.db, caller.orgId).catch((error: unknown) =>
        dependencies.logger.warn({ err: error, orgId: caller.orgId }, 'Could not post the wallet-empty notice'),
      );
      const refused = walletCannotPay(dependencies, caller, plan.primary.model, granted.wallet.availablePicodollars);
      // A chosen model is refused; Auto goes on with what costs the wallet nothing (issue 21, item 3).
      if (!options.reroute || walletRefusal) throw refused;
      walletRefusal = refused;
      plan = await options.reroute({ overLimit, walletRefusal });
      continue;
    }
    overLimit.set(plan.primary.model.id, { limit: granted.limit, totals: granted.totals, fit: granted.fit });
    if (!options.reroute || overLimit.size > maxReroutes)
      throw await refusal(options, plan.primary, overLimit.get(plan.primary.model.id)!);
    plan = await options.reroute({ overLimit, walletRefusal });
  }
}

function refusal<Plan extends CallPlan, Row>(
  options: MeteredCallOptions<Plan, Row>,
  refused: UsableModel,
  broken: ModelOverLimit,
): Promise<AppError> {
  return options.refuse
    ? options.refuse(refused, broken)
    : Promise.resolve(limitExceeded(refused, broken.limit, broken.totals, null, new Date(), broken.fit));
}
