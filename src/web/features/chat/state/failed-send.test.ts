import { describe, expect, it } from 'vitest';
import { makeMetadata } from '../test/chat-fixtures';
import { chatReducer, initialChatState, type ChatAction } from './chat-reducer';
import type { ChatMessage, ChatState } from './chat-types';

function message(id: string, role: ChatMessage['role'], extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    content: `${role} ${id}`,
    role,
    timestamp: '2026-01-02T10:00:00.000Z',
    sessionId: 's-1',
    model: null,
    tokensUsed: 0,
    selectionId: null,
    isPending: false,
    ...extra,
  };
}

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
const withMessages = (messages: ChatMessage[]): ChatState => ({
  ...initialChatState,
  currentSessionId: 's-1',
  sessions: [{ id: 's-1', title: 'T', createdAt: '2026-01-01T00:00:00.000Z', messages }],
});
const ids = (state: ChatState) => state.sessions[0]!.messages.map((entry) => entry.id);

describe('a failed send in the chat state', () => {
  it('keeps the reason on the saved user message, and none when the user stopped', () => {
    const sent = run(
      withMessages([]),
      { type: 'message-sent', message: message('pending-1', 'user', { isPending: true }) },
      {
        type: 'session-saved',
        localSessionId: 's-1',
        sessionId: 's-1',
        pendingMessageId: 'pending-1',
        userMessageId: 'u-1',
      },
    );
    const failed = run(sent, {
      type: 'reply-failed',
      pendingMessageId: 'pending-1',
      partialText: '',
      reason: 'The model is busy.',
      stopped: false,
    });
    expect(failed.sessions[0]!.messages).toEqual([
      expect.objectContaining({ id: 'u-1', failure: { reason: 'The model is busy.' }, isPending: false }),
    ]);
    const stopped = run(
      sent,
      { type: 'reply-advanced', text: 'Half' },
      { type: 'reply-failed', pendingMessageId: 'pending-1', partialText: 'Half', stopped: true },
    );
    expect(stopped.sessions[0]!.messages[0]!.failure).toBeUndefined();
    expect(stopped.sessions[0]!.messages[1]).toMatchObject({
      content: 'Half',
      stoppedByUser: true,
      answersMessageId: 'u-1',
    });
  });

  it('puts a retried reply right after the message it answers, even when later messages follow', () => {
    const state = withMessages([
      message('u-1', 'user', { failure: { reason: 'busy' } }),
      message('u-2', 'user'),
      message('a-2', 'assistant'),
    ]);
    const retried = run(
      state,
      { type: 'retry-started', sessionId: 's-1', messageId: 'u-1' },
      {
        type: 'retry-completed',
        messageId: 'u-1',
        text: 'Answer',
        metadata: makeMetadata({ session_id: 's-1', usr_msg_id: 'u-1', assistant_msg_id: 'a-1' }),
      },
    );
    expect(ids(retried)).toEqual(['u-1', 'a-1', 'u-2', 'a-2']);
    expect(retried.sessions[0]!.messages[0]!.failure).toBeUndefined();
    expect(retried.isTyping).toBe(false);
  });

  it('streams the retry in place of the kept partial reply and replaces it', () => {
    const state = withMessages([
      message('u-1', 'user', { failure: { reason: 'busy' } }),
      message('partial-p', 'assistant', { answersMessageId: 'u-1' }),
    ]);
    const started = run(state, { type: 'retry-started', sessionId: 's-1', messageId: 'u-1' });
    expect(started.streaming).toEqual({ sessionId: 's-1', content: '', replacingMessageId: 'partial-p' });
    const done = run(started, {
      type: 'retry-completed',
      messageId: 'u-1',
      text: 'Answer',
      metadata: makeMetadata({ session_id: 's-1', assistant_msg_id: 'a-1' }),
    });
    expect(ids(done)).toEqual(['u-1', 'a-1']);
  });

  it('shows the failure again with the new reason when the retry fails', () => {
    const state = withMessages([message('u-1', 'user', { failure: { reason: 'busy' } })]);
    const failed = run(
      state,
      { type: 'retry-started', sessionId: 's-1', messageId: 'u-1' },
      { type: 'retry-failed', messageId: 'u-1', reason: 'Still busy.' },
    );
    expect(failed.sessions[0]!.messages[0]!.failure).toEqual({ reason: 'Still busy.' });
    expect(failed.streaming).toBeNull();
  });
});
