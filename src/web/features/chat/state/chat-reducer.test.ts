import { describe, expect, it } from 'vitest';
import { framedReply, makeMessage, makeMetadata } from '../test/chat-fixtures';
import { chatReducer, initialChatState, type ChatAction } from './chat-reducer';
import { messageFromView, type ChatMessage, type ChatSession, type ChatState } from './chat-types';

function pendingMessage(sessionId: string, content = 'Tell me a story about dragons please'): ChatMessage {
  return {
    id: 'pending-1',
    content,
    role: 'user',
    timestamp: '2026-01-02T10:00:00.000Z',
    sessionId,
    model: null,
    tokensUsed: 0,
    selectionId: null,
    isPending: true,
  };
}

function session(id: string, messages: ChatMessage[] = []): ChatSession {
  return { id, title: `Title ${id}`, createdAt: '2026-01-01T00:00:00.000Z', messages };
}

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);

describe('chatReducer', () => {
  it('puts a first message under a temporary session at the top, selected, with typing on', () => {
    const state = run(
      { ...initialChatState, sessions: [session('old')] },
      { type: 'message-sent', message: pendingMessage('temp-1') },
    );
    expect(state.sessions.map((entry) => entry.id)).toEqual(['temp-1', 'old']);
    expect(state.sessions[0]?.title).toBe('Tell me a story about dragons ...');
    expect(state.currentSessionId).toBe('temp-1');
    expect(state.isTyping).toBe(true);
    expect(state.streaming).toEqual({ sessionId: 'temp-1', content: '' });
  });

  it('replaces the temporary session by the saved one at the top and selects it', () => {
    const metadata = makeMetadata({ session_id: 'saved-1', usr_msg_id: 'u-1', assistant_msg_id: 'a-1' });
    const state = run(
      { ...initialChatState, sessions: [session('old')] },
      { type: 'message-sent', message: pendingMessage('temp-1') },
      { type: 'reply-advanced', text: 'Once' },
      { type: 'reply-completed', pendingMessageId: 'pending-1', text: 'Once upon', metadata },
    );
    expect(state.sessions.map((entry) => entry.id)).toEqual(['saved-1', 'old']);
    expect(state.currentSessionId).toBe('saved-1');
    expect(state.sessions[0]?.messages.map((message) => [message.id, message.role, message.isPending])).toEqual([
      ['u-1', 'user', false],
      ['a-1', 'assistant', false],
    ]);
    expect(state.sessions[0]?.messages[1]).toMatchObject({
      content: 'Once upon',
      model: 'local/tinyllama',
      tokensUsed: 42,
    });
    expect(state).toMatchObject({ isTyping: false, streaming: null });
  });

  it('adds the reply to an existing session without moving it', () => {
    const metadata = makeMetadata({ session_id: 'b', usr_msg_id: 'u-2', assistant_msg_id: 'a-2' });
    const state = run(
      { ...initialChatState, sessions: [session('a'), session('b')], currentSessionId: 'b' },
      { type: 'message-sent', message: pendingMessage('b') },
      { type: 'reply-completed', pendingMessageId: 'pending-1', text: 'Hi', metadata },
    );
    expect(state.sessions.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(state.sessions[1]?.messages.map((message) => message.id)).toEqual(['u-2', 'a-2']);
  });

  it('accumulates streamed text', () => {
    const state = run(
      initialChatState,
      { type: 'message-sent', message: pendingMessage('temp-1') },
      { type: 'reply-advanced', text: 'a' },
      { type: 'reply-advanced', text: ' b' },
    );
    expect(state.streaming?.content).toBe('a b');
  });

  it('keeps the user message and any partial text when the reply fails', () => {
    const state = run(
      { ...initialChatState, sessions: [session('a')] },
      { type: 'message-sent', message: pendingMessage('a') },
      { type: 'reply-failed', pendingMessageId: 'pending-1', partialText: 'Half' },
    );
    expect(state.sessions[0]?.messages.map((message) => [message.role, message.content, message.isPending])).toEqual([
      ['user', 'Tell me a story about dragons please', false],
      ['assistant', 'Half', false],
    ]);
    expect(state.isTyping).toBe(false);
  });

  it('selects the first fetched session when none is selected and keeps local ones', () => {
    const withTemp = run(
      initialChatState,
      { type: 'message-sent', message: pendingMessage('temp-1') },
      { type: 'session-selected', sessionId: null },
    );
    const state = run(withTemp, { type: 'sessions-loaded', sessions: [session('x'), session('y')] });
    expect(state.sessions.map((entry) => entry.id)).toEqual(['temp-1', 'x', 'y']);
    expect(run(initialChatState, { type: 'sessions-loaded', sessions: [session('x')] }).currentSessionId).toBe('x');
  });

  it('merges fetched messages with local pending ones', () => {
    const fetched: ChatMessage = { ...pendingMessage('a'), id: 'server-1', content: 'Earlier', isPending: false };
    const state = run(
      { ...initialChatState, sessions: [session('a')] },
      { type: 'message-sent', message: pendingMessage('a') },
      { type: 'messages-loaded', sessionId: 'a', messages: [fetched] },
    );
    expect(state.sessions[0]?.messages.map((message) => message.id)).toEqual(['server-1', 'pending-1']);
  });

  it('renames, deletes (clearing the current session) and clears', () => {
    let state = run(
      { ...initialChatState, sessions: [session('a'), session('b')], currentSessionId: 'a' },
      { type: 'session-renamed', sessionId: 'b', title: 'New name' },
    );
    expect(state.sessions[1]?.title).toBe('New name');
    state = run(state, { type: 'session-deleted', sessionId: 'a' });
    expect(state.sessions.map((entry) => entry.id)).toEqual(['b']);
    expect(state.currentSessionId).toBeNull();
    expect(run(state, { type: 'sessions-cleared' }).sessions).toEqual([]);
  });
});

describe('messageFromView', () => {
  it('strips a trailing [META] block from a stored reply, and only from replies', () => {
    expect(messageFromView(makeMessage({ role: 'assistant', content: framedReply('Stored reply') })).content).toBe(
      'Stored reply',
    );
    expect(messageFromView(makeMessage({ role: 'user', content: 'Plain [META] text' })).content).toBe(
      'Plain [META] text',
    );
  });
});
