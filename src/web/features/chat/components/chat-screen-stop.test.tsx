import type { ChatMessageView } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMessage, makeModel, makeSession, openStreamedResponse } from '../test/chat-fixtures';
import { fakeChatApi, type ChatRequest } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const savedHeaders = { 'X-Session-Id': 'saved-session', 'X-User-Message-Id': 'saved-message' };

function stoppable(request: ChatRequest): Response {
  const response = openStreamedResponse(['Partial words here'], request.signal);
  for (const [name, value] of Object.entries(savedHeaders)) response.headers.set(name, value);
  return response;
}

const question = makeMessage({ id: 'saved-message', session_id: 'saved-session', content: 'Write a long essay' });
const stoppedReply = (overrides: Partial<ChatMessageView> = {}) =>
  makeMessage({
    id: 'saved-reply',
    session_id: 'saved-session',
    role: 'assistant',
    content: 'Partial words here',
    model: 'openai/gpt-4o',
    tokens_used: 17,
    status: 'partial',
    finish_reason: 'aborted',
    selection_id: 'decision-9',
    ...overrides,
  });

async function sendAndStop() {
  const user = userEvent.setup();
  renderChat();
  await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Write a long essay{Enter}');
  await waitFor(() => expect(screen.getByText('Partial words here')).toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Stop generating' }));
  await screen.findByRole('button', { name: 'Send' });
  return user;
}

describe('chat screen: a stopped reply', () => {
  it('shows its footer at once, read back as the server saved it (tokens, model, feedback), marked Stopped', async () => {
    const { requests } = fakeChatApi({
      reply: stoppable,
      routes: {
        'GET /conversation/session/saved-session': () => ({
          body: { ...makeSession({ id: 'saved-session' }), messages: [question, stoppedReply()] },
        }),
      },
    });
    await sendAndStop();
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('17 tokens'),
    );
    const reply = screen.getByRole('article', { name: 'Assistant reply' });
    expect(reply).toHaveTextContent('openai/gpt-4o');
    expect(within(reply).getByRole('note')).toHaveTextContent('Stopped');
    expect(within(reply).getByRole('button', { name: 'Good reply' })).toBeEnabled();
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(
      requests.filter((request) => request.path === '/conversation/session/saved-session').length,
    ).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();
  });

  it('marks the reply Stopped before the server has recorded it, and reads again until it has', async () => {
    let reads = 0;
    fakeChatApi({
      reply: stoppable,
      routes: {
        'GET /conversation/session/saved-session': () => {
          reads += 1;
          // First still being written (the server had not ended the model call yet), then recorded.
          const reply =
            reads === 1 ? stoppedReply({ status: 'streaming', tokens_used: 0, finish_reason: null }) : stoppedReply();
          return { body: { ...makeSession({ id: 'saved-session' }), messages: [question, reply] } };
        },
      },
    });
    await sendAndStop();
    const reply = screen.getByRole('article', { name: 'Assistant reply' });
    expect(within(reply).getByRole('note')).toHaveTextContent('Stopped');
    await waitFor(
      () => expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('17 tokens'),
      { timeout: 3000 },
    );
    expect(reads).toBe(2);
    expect(within(screen.getByRole('article', { name: 'Assistant reply' })).getByRole('note')).toHaveTextContent(
      'Stopped',
    );
  });

  it('marks a saved reply the user stopped as Stopped after a reload, and one that failed part-way not so', async () => {
    fakeChatApi({
      sessions: [makeSession({ id: 'saved-session' })],
      messagesBySession: {
        'saved-session': [
          question,
          stoppedReply(),
          makeMessage({ id: 'q-2', session_id: 'saved-session', content: 'Again' }),
          stoppedReply({ id: 'r-2', content: 'Broke off', finish_reason: null }),
        ],
      },
    });
    renderChat();
    await screen.findByText('Broke off');
    const [first, second] = screen.getAllByRole('article', { name: 'Assistant reply' });
    expect(within(first!).getByRole('note')).toHaveTextContent('Stopped');
    expect(within(second!).queryByRole('note')).toBeNull();
  });

  it('reads a stopped regeneration back as the server recorded it, instead of showing the reply from before', async () => {
    const earlier = makeMessage({
      id: 'old-reply',
      session_id: 'saved-session',
      role: 'assistant',
      content: 'The old answer',
      model: 'openai/gpt-4o-mini',
      tokens_used: 5,
    });
    let reads = 0;
    fakeChatApi({
      sessions: [makeSession({ id: 'saved-session' })],
      messagesBySession: { 'saved-session': [question, earlier] },
      models: [makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 4000 })],
      routes: {
        'POST /conversation/regenerate': (request) => openStreamedResponse(['Partial words here'], request.signal),
        'GET /conversation/session/saved-session': () => {
          reads += 1;
          const messages = reads === 1 ? [question, earlier] : [question, stoppedReply()];
          return { body: { ...makeSession({ id: 'saved-session' }), messages } };
        },
      },
    });
    const user = userEvent.setup();
    renderChat();
    await waitFor(() => expect(screen.getByText('The old answer')).toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model for regeneration' }), 'gpt-4o');
    await user.click(screen.getByRole('button', { name: 'Regenerate now' }));
    await waitFor(() => expect(screen.getByText('Partial words here')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(
      () => expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('17 tokens'),
      { timeout: 3000 },
    );
    const reply = screen.getByRole('article', { name: 'Assistant reply' });
    expect(reply).toHaveTextContent('Partial words here');
    expect(within(reply).getByRole('note')).toHaveTextContent('Stopped');
    expect(screen.queryByText('The old answer')).toBeNull();
  });
});
