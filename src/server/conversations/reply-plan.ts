import type { CacheRequest, CacheSettings, CatalogModel, ChatMessage, ChatProvider, ProviderName } from '../../gateway';
import type { Caller } from '../http/context';

/** Model-call options beside the conversation. */
export interface GenerationOptions {
  temperature?: number;
  /** The organisation's enable_logging: its prompt and reply text may appear in the log at debug level. */
  logContent?: boolean;
}

/** Everything needed to answer one saved user message. */
export interface ReplyPlan {
  caller: Caller;
  sessionId: string;
  userMessageId: string;
  model: CatalogModel;
  /** The conversation up to and including the user message, fitted to the model's window. */
  history: ChatMessage[];
  /** Regenerating: the reply this one replaces (it keeps its id); otherwise a new one is added. */
  replaceMessageId?: string;
  /** The reply's id, chosen beforehand (the replaced reply's when regenerating), so its row can be written as it streams. */
  replyMessageId: string;
  /** The id of the answering call's usage record, chosen beforehand: the room reserved for the call covers it. */
  usageId: string;
  /** The most output tokens the model is asked for (the role's cap, cut to the room left in its monthly limits). */
  maxOutputTokens?: number;
  /** The room held in the caller's monthly limits for this reply (docs/decisions/019), given back once it is recorded. */
  reservationIds?: readonly string[];
  /** Providers called with the instance's keys: their calls' cost is debited from the organisation's wallet (docs/decisions/022). */
  walletPays?: ReadonlySet<ProviderName>;
  /** The estimated input tokens of `history`. */
  inputTokens: number;
  /** The routing decision this reply completes (its id is the reply's selection_id). */
  decisionId: string;
  /** "Without the router": the usage is also priced at this model's rates. */
  reference: CatalogModel;
  /** Asked when the primary model fails before its first part; its history is fitted to its own window. */
  backup?: { model: CatalogModel; history: ChatMessage[]; maxOutputTokens?: number };
  /** How the model is asked (the organisation's temperature, whether its text may be logged); docs/decisions/021. */
  generation?: GenerationOptions;
  /** Where a complete reply is stored in the semantic cache (the lookup's vector saves embedding twice). */
  cache?: { request: CacheRequest; settings: CacheSettings; embedding?: Float32Array };
}

/** A plan that calls a model: with the gateway read together with `walletPays`, so a call on the instance's keys is always paid. */
export interface ModelCallPlan extends ReplyPlan {
  gateway: ChatProvider;
  walletPays: ReadonlySet<ProviderName>;
}
