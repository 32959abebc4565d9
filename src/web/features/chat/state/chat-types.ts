import {
  parseStreamBody,
  type ChatMessageView,
  type ChatSessionView,
  type FeedbackRating,
  type ReplyFinishReason,
  type ReplyVersionView,
  type RouteInfo,
  type StreamMetadata,
} from '@contracts';

export type ChatMessageStatus = ChatMessageView['status'];

/** Spec section 3 "Message", as the screen keeps it. */
export interface ChatMessage {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  timestamp: string;
  sessionId: string;
  model: string | null;
  tokensUsed: number;
  /** The id feedback is given for. */
  selectionId: string | null;
  isPending: boolean;
  metadata?: StreamMetadata;
  /** The user's own rating of this reply, when already given (feedback is given once). */
  feedback?: FeedbackRating | null;
  /** How the reply was routed (cache, router, forced, fallback) and its cost against the reference model. */
  route?: RouteInfo | null;
  /** As saved: e.g. 'interrupted' when the server stopped before the reply finished. Absent for replies made here. */
  status?: ChatMessageStatus;
  /** Why the model stopped; 'length' means the reply was cut off at its token limit. Absent when not known. */
  finishReason?: ReplyFinishReason | null;
  /** A pending user message the server has saved, under this id, before its reply finished. */
  savedAs?: string;
  /** A reply kept locally after a failure: the saved user message it answers, which regenerating asks about again. */
  answersMessageId?: string;
  /** A user message whose reply failed: the server's reason, shown under it with Retry. */
  failure?: { reason: string; notSent?: boolean };
  /** A reply the user stopped; known locally before the saved one is read back. */
  stoppedByUser?: boolean;
  /** A reply's earlier answers, oldest first (docs/decisions/030). */
  versions?: ReplyVersion[];
  /** Shown in place of the current answer: one of the reply's earlier versions, for reading only. */
  isEarlierVersion?: boolean;
  /** An edited user message: the version shown (from 1) of how many; each keeps its later turns (docs/decisions/054). */
  branch?: { shown: number; count: number };
}

/** Spec section 3 "Session"; local sessions not yet saved start with temp- or new_. */
export interface ChatSession {
  id: string;
  title: string;
  createdAt: string;
  messages: ChatMessage[];
}

/** The reply being shown word by word; its message id is 'streaming' (spec section 3). */
export interface StreamingReply {
  sessionId: string;
  content: string;
  /** Set while regenerating: the reply being replaced, shown in its place. */
  replacingMessageId?: string;
}

export interface ChatState {
  sessions: ChatSession[];
  currentSessionId: string | null;
  isTyping: boolean;
  streaming: StreamingReply | null;
  isLoadingMessages: boolean;
}

export const streamingMessageId = 'streaming';

export function isLocalSessionId(sessionId: string): boolean {
  return sessionId.startsWith('temp-') || sessionId.startsWith('new_');
}

export function sessionFromView(view: ChatSessionView): ChatSession {
  return { id: view.id, title: view.title, createdAt: view.created_at, messages: [] };
}

export function messageFromView(view: ChatMessageView): ChatMessage {
  return {
    id: view.id,
    // Spec section 3: a trailing [META]{...} block is stripped before display and copy.
    content: view.role === 'assistant' ? parseStreamBody(view.content).text : view.content,
    role: view.role,
    timestamp: view.created_at,
    sessionId: view.session_id,
    model: view.model,
    tokensUsed: view.tokens_used,
    // Replies from before routing decisions are rated by their own id.
    selectionId: view.role === 'assistant' ? (view.selection_id ?? view.id) : null,
    isPending: false,
    feedback: view.feedback,
    route: view.route,
    status: view.status,
    finishReason: view.finish_reason ?? null,
    ...(view.versions?.length ? { versions: view.versions.map(versionFromView) } : {}),
    ...(view.version && view.version_count && view.version_count > 1
      ? { branch: { shown: view.version, count: view.version_count } }
      : {}),
  };
}

/** An earlier answer of a reply (docs/decisions/030), with the prompt it answered. */
interface ReplyVersion {
  prompt: string;
  content: string;
  model: string | null;
  status: ChatMessageStatus;
  tokensUsed: number;
  timestamp: string;
  costUsd: number | null;
  finishReason: ChatMessage['finishReason'];
}

function versionFromView(view: ReplyVersionView): ReplyVersion {
  return {
    prompt: view.prompt,
    content: view.content,
    model: view.model,
    status: view.status,
    tokensUsed: view.tokens_used,
    timestamp: view.created_at,
    costUsd: view.cost_usd,
    finishReason: view.finish_reason,
  };
}
