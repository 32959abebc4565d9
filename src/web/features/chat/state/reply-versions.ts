import type { ChatMessage } from './chat-types';

/** How many answers a reply has had: its earlier versions and the current one. */
export function answerCount(reply: ChatMessage): number {
  return (reply.versions?.length ?? 0) + 1;
}

/**
 * The reply as it read in answer `index` (0 the oldest; the last is the current one). An earlier
 * answer keeps the reply's id, so links and focus still find it, but carries no routing decision:
 * feedback and regeneration are for the current answer only.
 */
function replyAsAnswered(reply: ChatMessage, index: number): ChatMessage {
  const version = reply.versions?.[index];
  if (!version) return reply;
  return {
    id: reply.id,
    sessionId: reply.sessionId,
    role: 'assistant',
    content: version.content,
    timestamp: version.timestamp,
    model: version.model,
    tokensUsed: version.tokensUsed,
    selectionId: null,
    isPending: false,
    status: version.status,
    finishReason: version.finishReason,
    route: null,
    isEarlierVersion: true,
  };
}

/**
 * The messages as shown when some replies show an earlier answer (`shownAnswer`: its index): the
 * reply reads as it was then, and the user's message above it as it was asked then.
 */
export function messagesAsShown(
  messages: readonly ChatMessage[],
  shownAnswer: (reply: ChatMessage) => number,
): ChatMessage[] {
  return messages.map((message, at) => {
    if (message.role === 'assistant') return replyAsAnswered(message, shownAnswer(message));
    const reply = messages[at + 1];
    if (reply?.role !== 'assistant') return message;
    const prompt = reply.versions?.[shownAnswer(reply)]?.prompt;
    return prompt === undefined || prompt === message.content
      ? message
      : { ...message, content: prompt, isEarlierVersion: true };
  });
}
