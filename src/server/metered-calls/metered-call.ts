import type { Picodollars } from '../../money';
import type { MonthlyLimitKind } from '../../contracts';
import type { CatalogModel, ChatFinishReason, TokenUsage } from '../../gateway';
import type { ChatStreamPart, ChatStreamRequest } from '../../gateway/model-calling';
import type { UsableModel } from '../usage/usable-model';
import type { Executor } from '../db/database';
import type { CallSource } from '../db/schema';
import type { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import type { DecisionRecord } from './decision-repository';
import type { LimitTotals } from '../usage/reservation-repository';
import type { RequestFit } from '../usage/call-room';
import type { TranscriptStore } from './call-journal';

// The metered call's contract (docs/decisions/037): what a caller hands in and what it gets back.

/** The parts of a metered call's answer, for callers outside this module (the gateway's own type is fenced). */

/** Who a model call is made for: whose limits and wallet pay for it, and what asks for it. */
export interface CallAsker {
  caller: Caller;
  source: CallSource;
  /** The organisation API key the call came with (the API for programs): recorded, and its monthly budget held against. */
  apiKey?: CallApiKey;
}

/** An API key as the metered path sees it (docs/decisions/049): its id, and its monthly budget in picodollars (null: none). */
export interface CallApiKey {
  id: string;
  monthlyBudgetPicodollars: bigint | null;
}

/** The model to ask, as the caller may use it; with Auto, a backup asked when it fails before answering. */
export interface CallPlan {
  primary: UsableModel;
  backup?: UsableModel;
  /** "Without the router": the call's usage is also priced at this model's rates; without one, nothing. */
  reference?: CatalogModel;
}

/**
 * What one model of the plan is sent: the gateway's stream request less the model and the signal,
 * so whatever the gateway learns to carry (tools, images, response formats) passes through unchanged.
 */
export type ModelRequest = Omit<ChatStreamRequest, 'modelId' | 'abortSignal'>;

/** A model whose monthly limit refused the call's room: which limit, and what was taken of it then. */
export type ModelOverLimit = { limit: MonthlyLimitKind; totals: LimitTotals; fit?: RequestFit };

/** Why a plan is made again: what refused room for the models of the plans before it. */
export interface RerouteCause {
  overLimit: ReadonlyMap<string, ModelOverLimit>;
  /** The wallet's 402 for a paid model, once it has refused one. */
  walletRefusal?: AppError;
}

/** Where a usage record points; a link is left out when its row does not exist. */
export interface UsageLinks {
  sessionId?: string;
  messageId?: string;
}

/** How a call ended, for the caller's rows. */
export type CallStatus = 'complete' | 'partial' | 'failed';

/**
 * The caller's own rows kept beside a call's usage (the chat's reply message): written in the same
 * transactions as the usage record, so the two never disagree, and checkpointed with it.
 */
export interface CallTranscript<Row, Checkpoint = unknown> {
  /** Saves the checkpoints of every call of this kind at once. */
  store: TranscriptStore<Checkpoint>;
  /** The first text is on its way: writes the rows as streaming, owned by `streamOwner`; answers the usage record's links. */
  open(transaction: Executor, progress: TranscriptProgress & { streamOwner: string }): Promise<UsageLinks>;
  /** The rows as far as the text has come, for the next checkpoint. */
  checkpoint(progress: TranscriptProgress): Checkpoint;
  /**
   * The call ended: writes or completes the rows (`opened`: they were written as it streamed);
   * answers them and the usage record's links. Throwing leaves the usage to be kept on its own.
   */
  finish(
    transaction: Executor,
    ended: TranscriptProgress & { status: CallStatus; opened: boolean },
  ): Promise<{ row: Row; links: UsageLinks }>;
}

interface TranscriptProgress {
  text: string;
  model: CatalogModel;
  /** Input plus output tokens so far. */
  tokens: number;
}

/** What a caller hands the metered module for one call. */
export interface MeteredCallOptions<Plan extends CallPlan, Row = never> {
  asker: CallAsker;
  plan: Plan;
  /** What to send a model of the plan (fitted to it: each model has its own context window). */
  request(model: CatalogModel): ModelRequest | Promise<ModelRequest>;
  /**
   * Auto: the plan again without the models whose monthly limit refused the room meanwhile (another
   * request of the caller took it), and, once the wallet refused to pay for the model chosen, with
   * only models that cost it nothing (throwing `walletRefusal` when none is open). Without it a
   * refused primary is refused with `refuse`, or the wallet's 402.
   */
  reroute?(again: RerouteCause): Promise<Plan>;
  /** The 429 for a primary its monthly limit refused (default: the limit, with no cheaper model offered). */
  refuse?(refused: UsableModel, broken: ModelOverLimit): Promise<AppError>;
  /** The fewest output tokens the call is worth: with less room it is refused. */
  minOutputTokens?: number;
  /** The routing decision the call answers: completed with its outcome on every path, once it exists. */
  decisionId?: string;
  /** A last check once room is held, before a model is asked: throwing asks none (and gives the room back). */
  beforeCall?(): Promise<void>;
  /**
   * Rows the call belongs to (the user's message, the decision), written while the model starts:
   * asked for once the request is on the wire, so the database does not hold it back, and written
   * by the group-commit writer in one unit with the call's streaming usage record. The call opens
   * only once they are written; when they fail (or this throws: the cache answered meanwhile) the
   * call is stopped, its usage kept on its own, and their error thrown.
   */
  beside?(plan: Plan, primary: { inputTokens: number }): Promise<BesideRows>;
  transcript?: CallTranscript<Row>;
  /** The client going away: stops the call, before or after its first part. */
  signal?: AbortSignal;
}

/** The caller's rows of a call, as the writer's unit writes them (docs/decisions/074). */
export interface BesideRows {
  /** Writes them in the batch's transaction: a statement's error may be mapped and thrown, never swallowed. */
  write(transaction: Executor): Promise<void>;
  /** Once the transaction holding them has committed. */
  written?(): void;
}

/** A call whose first part has arrived: the caller can choose its answer's status now. */
export interface MeteredCall<Plan extends CallPlan, Row = never> {
  /** The plan as its room was held: routed again, or its backup left out for want of room. */
  readonly plan: Plan;
  /** The model answering: the plan's primary, or its backup after the primary failed before answering. */
  readonly model: CatalogModel;
  readonly fellBackFrom?: CatalogModel;
  /**
   * The answer's parts from the first on (text, then usage and finish). A failure after the first
   * part is thrown, as the gateway's streams do; a caller that stops reading stops the call. Read once.
   */
  readonly stream: AsyncIterable<ChatStreamPart>;
  /** Stops the call; what arrived is still recorded. */
  abort(): void;
  /** Resolves (never rejects) once the call is on the books: usage recorded, decision completed, holds released. */
  readonly settled: Promise<CallSettlement<Row>>;
}

/** A call on the books. */
export interface CallSettlement<Row = never> {
  status: CallStatus;
  text: string;
  model: CatalogModel;
  fellBackFrom?: CatalogModel;
  usage: TokenUsage & { estimated: boolean };
  costPicodollars: Picodollars;
  referenceCostPicodollars: Picodollars;
  /** Why the model's stream ended, when it ended it. */
  finishReason?: ChatFinishReason;
  /** The failure that ended it early (a GatewayError, a passed deadline); absent when it ended normally or was stopped. */
  failure?: unknown;
  /** The caller's rows as the settlement wrote them; absent when they could not be (the usage was kept on its own). */
  transcript?: Row;
  /** The decision as completed. */
  decision?: DecisionRecord;
}
