import type { ChatProvider } from '../../gateway/model-calling';
import type { CallDeadlines } from './call-deadlines';
import type { HeldRoom } from './call-holds';
import type { CallBilling } from './call-usage';
import type { CallPlan, MeteredCallOptions } from './metered-call';
import type { MeteredCallsDependencies } from './metered-dependencies';

/** One metered call as its parts share it, from the room held to the settlement. */
export interface CallContext<Plan extends CallPlan, Row> {
  dependencies: MeteredCallsDependencies;
  options: MeteredCallOptions<Plan, Row>;
  held: HeldRoom<Plan>;
  billing: CallBilling;
  gateway: ChatProvider;
  /** The primary's (shorter to its first token when a backup waits) and the backup's. */
  deadlines: { primary: CallDeadlines; backup: CallDeadlines };
  /** When the call started: it is charged at the prices effective then (docs/decisions/071). */
  pricedAt: Date;
  /** performance.now() when the first model was asked. */
  startedAt: number;
  /** Stops whichever model is being asked: the client went away, or the call's rows were refused. */
  upstream: AbortController;
}
