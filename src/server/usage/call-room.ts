import type { MonthlyLimitKind } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { LeaseHold } from './budget-lease-book';
import type { LimitTotals } from './reservation-repository';
import type { UsableModel } from './usable-model';

// A model call's room in its caller's budgets, as the metered path asks for it and is granted it
// (docs/decisions/019, 022, 055, 073).

/** One model call to hold room for: the model as the caller may use it, and the prompt's estimated tokens. */
export interface PlannedCall {
  usable: UsableModel;
  inputTokens: number;
}

export type ReservedCall =
  /**
   * The call may go ahead asking for at most `maxOutputTokens`, holding `holds` in its budgets'
   * leases (none when the caller has no limits, key budget or paying wallet); its usage records
   * name the leases (`leaseIds`).
   */
  | { granted: true; maxOutputTokens: number; holds: LeaseHold[]; leaseIds: CallLeaseIds }
  | { granted: false; limit: MonthlyLimitKind; totals: LimitTotals; fit?: RequestFit }
  /** The organisation's wallet cannot pay for even one token of the reply (docs/decisions/022). */
  | { granted: false; wallet: { availablePicodollars: bigint } }
  /** The API key's monthly budget has no room for the prompt and one token of reply (docs/decisions/055). */
  | { granted: false; budget: { budgetPicodollars: bigint; takenPicodollars: bigint } };

/** The leases a granted call's room came from: its usage records name them (docs/decisions/073). */
export interface CallLeaseIds {
  limit?: string;
  budget?: string;
  wallet?: string;
}

/**
 * A request refused because its prompt and its largest reply do not fit what is left, though a
 * shorter reply would: the prompt's held tokens, the reply's cap, and the most output that fits.
 */
export interface RequestFit {
  inputTokens: number;
  outputCap: number;
  fittingOutputTokens: number;
}

/** The API key a call comes with: its reservations name it, and its monthly budget (null: none) is held against. */
export interface ReservingApiKey {
  id: string;
  monthlyBudgetPicodollars: bigint | null;
}

/** Which models the organisation's wallet pays for (the instance's keys), when payment is enforced. */
export interface WalletPayment {
  pays(model: CatalogModel): boolean;
}
