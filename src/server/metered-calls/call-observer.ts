import type { CatalogModel } from '../../gateway';
import type { CallSettlement } from './metered-call';

/**
 * Watches metered calls from outside, for metrics and traces: told when a call's model is about to
 * be asked and when its first part arrived, and handed the settlement. It never changes a call
 * and must not throw.
 */
export interface ModelCallObserver {
  /** A call begins: its room is about to be held and its model asked. */
  begin(): ObservedCall;
}

export interface ObservedCall {
  /** The answering model's first part arrived; `upstreamMs` is how long the model took to send it. */
  answered(answer: { model: CatalogModel; upstreamMs: number }): void;
  /** The call is on the books (or was refused or failed before its first part, `settlement` then absent). */
  ended(settlement?: CallSettlement<unknown>): void;
}
