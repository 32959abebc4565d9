import type { Caller } from '../http/context';

/** Where a reply goes: the caller's session, the user message it answers, and its own id. */
export interface ReplySlot {
  caller: Caller;
  sessionId: string;
  userMessageId: string;
  /** The reply's id, chosen beforehand (the replaced reply's when regenerating), so its row can be written as it streams. */
  replyMessageId: string;
  /** Regenerating: the reply this one replaces (it keeps its id); otherwise a new one is added. */
  replaceMessageId?: string;
}
