import { describe, expect, it } from 'vitest';
import { makeMessage, makeVersion } from '../test/chat-fixtures';
import { chatReducer, initialChatState } from './chat-reducer';
import { messageFromView } from './chat-types';
import { answerCount, messagesAsShown } from './reply-versions';

const question = messageFromView(makeMessage({ id: 'u-1', session_id: 's-1', content: 'Is it warm?' }));
const reply = messageFromView(
  makeMessage({
    id: 'a-1',
    session_id: 's-1',
    role: 'assistant',
    content: 'Warm enough.',
    tokens_used: 9,
    selection_id: 'sel-3',
    versions: [
      makeVersion({ prompt: 'Is it sunny?', content: 'Yes.', tokens_used: 4 }),
      makeVersion({ prompt: 'Is it warm?', content: 'Mild.', model: 'openai/gpt-4o' }),
    ],
  }),
);

describe('a reply asked more than once', () => {
  it('counts its earlier answers and the current one', () => {
    expect(answerCount(reply)).toBe(3);
    expect(answerCount(question)).toBe(1);
  });

  it('shows an earlier answer with the prompt it answered, for reading only', () => {
    const [asked, answered] = messagesAsShown([question, reply], () => 0);
    expect(asked).toMatchObject({ id: 'u-1', content: 'Is it sunny?', isEarlierVersion: true });
    expect(answered).toMatchObject({
      id: 'a-1',
      content: 'Yes.',
      tokensUsed: 4,
      selectionId: null,
      isEarlierVersion: true,
    });
  });

  it('leaves the prompt as it is when the earlier answer answered the same words, and the current answer untouched', () => {
    const [asked, answered] = messagesAsShown([question, reply], () => 1);
    expect(asked).toBe(question);
    expect(answered).toMatchObject({ content: 'Mild.', model: 'openai/gpt-4o' });
    expect(messagesAsShown([question, reply], () => 2)).toEqual([question, reply]);
  });

  it('an edit sent again shows the new words at once and streams its answer in place of the reply', () => {
    const state = chatReducer(
      {
        ...initialChatState,
        currentSessionId: 's-1',
        sessions: [
          {
            id: 's-1',
            title: 'Weather',
            createdAt: question.timestamp,
            messages: [{ ...question, failure: { reason: 'Down' } }, reply],
          },
        ],
      },
      { type: 'edit-resubmitted', sessionId: 's-1', messageId: 'u-1', content: 'Is it hot?' },
    );
    expect(state.sessions[0]!.messages[0]).toMatchObject({ content: 'Is it hot?' });
    expect(state.sessions[0]!.messages[0]!.failure).toBeUndefined();
    expect(state.streaming).toEqual({ sessionId: 's-1', content: '', replacingMessageId: 'a-1' });
    expect(state.isTyping).toBe(true);
  });
});
