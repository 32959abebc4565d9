import { planFeatureMessages, roleGrantsScope, type PlanAllowance } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { centsOf } from './billing-money';
import { planAllowance } from './plan-allowance';
import { planOfOrganisation } from './plan-features';
import { listPublicPlans } from './plan-repository';

/** How long an organisation's standing is kept before it is read again, well within its allowance and near or past it. */
const freshForMs = { roomy: 10_000, near: 2_000 };
/** More organisations than this and the expired ones are dropped: the memory stays bounded by the active ones. */
const pruneAbove = 10_000;

interface Standing {
  allowance: PlanAllowance | null;
  plan: string;
  upgrade?: { plan: string; tokens: number | null };
  expiresAt: number;
}

/**
 * Refuses a message to a model once the organisation has used the tokens its plan includes this
 * billing cycle (docs/decisions/041), before anything is reserved or asked: 429 with the plan, the
 * day messages resume and, for the billing scope, the plan to upgrade to. The embedded local model
 * costs nothing and keeps working. Each organisation's standing is read from the usage roll-ups at
 * most every 10 s (2 s near its allowance); the tokens of calls this instance settles count at once,
 * so only other instances' replies of those seconds may pass it.
 */
export interface PlanAllowanceGate {
  assertRoom(caller: Caller, model: CatalogModel): Promise<void>;
  /** Reads the organisation again at its next message (its plan changed on this instance). */
  forget(orgId: string): void;
  /** A call of the organisation used these tokens; near the allowance, the next message reads it again. */
  spent(orgId: string, tokens: number): void;
}

/** Within a tenth of the allowance, or past it. */
const isNear = (used: number, perCycle: number) => used * 10 >= perCycle * 9;

export function createPlanAllowanceGate(db: Executor, clock: () => Date = () => new Date()): PlanAllowanceGate {
  const standings = new Map<string, Standing>();

  async function read(orgId: string): Promise<Standing> {
    const now = clock();
    const allowance = await planAllowance(db, orgId, now);
    const plan = await planOfOrganisation(db, orgId);
    const near = allowance !== null && isNear(allowance.tokens_used, allowance.tokens_per_cycle);
    const standing: Standing = {
      allowance,
      plan: plan.name,
      expiresAt: now.getTime() + (near ? freshForMs.near : freshForMs.roomy),
    };
    if (allowance?.exhausted) {
      // The next plan on sale with a larger allowance (or none).
      const bigger = (await listPublicPlans(db)).find(
        (candidate) =>
          !candidate.contactSales &&
          centsOf(candidate.price) > centsOf(plan.price) &&
          (candidate.tokensPerCycle === null || candidate.tokensPerCycle > allowance.tokens_per_cycle),
      );
      if (bigger) standing.upgrade = { plan: bigger.name, tokens: bigger.tokensPerCycle };
    }
    if (standings.size > pruneAbove)
      for (const [key, value] of standings) if (value.expiresAt <= now.getTime()) standings.delete(key);
    standings.set(orgId, standing);
    return standing;
  }

  return {
    async assertRoom(caller, model) {
      if (model.provider === 'local') return;
      const cached = standings.get(caller.orgId);
      const standing = cached && cached.expiresAt > clock().getTime() ? cached : await read(caller.orgId);
      const allowance = standing.allowance;
      if (!allowance?.exhausted) return;
      throw new AppError(
        'plan_allowance_used',
        planFeatureMessages.allowanceUsed({
          plan: standing.plan,
          tokens: allowance.tokens_per_cycle,
          resetsOn: allowance.resets_on,
          billingScope: roleGrantsScope(callerAccess(caller), 'billing'),
          upgrade: standing.upgrade,
        }),
      );
    },
    forget(orgId) {
      standings.delete(orgId);
    },
    spent(orgId, tokens) {
      const standing = standings.get(orgId);
      if (!standing?.allowance) return;
      const used = standing.allowance.tokens_used + tokens;
      if (isNear(used, standing.allowance.tokens_per_cycle)) standings.delete(orgId);
      else standing.allowance = { ...standing.allowance, tokens_used: used };
    },
  };
}
