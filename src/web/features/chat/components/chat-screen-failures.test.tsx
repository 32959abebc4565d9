import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failureReasons } from '../api/failure-reason';
import { framedReply, makeMetadata, makeModel, streamedResponse } from '../test/chat-fixtures';
import { fakeChatApi, type ChatRequest } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const toastText = 'Failed to send message. Please try again.';
const providerReason = 'The model provider failed to answer. Please try again.';
const savedHeaders = { 'X-Session-Id': 'saved-session', 'X-User-Message-Id': 'saved-message' };

function refusedBeforeStream(): Response {
  return new Response(JSON.stringify({ code: 'upstream_failed', message: providerReason }), {
    status: 502,
    headers: { 'Content-Type': 'application/json', ...savedHeaders },
  });
}

function failedMidStream(): Response {
  const response = streamedResponse([
    'Half an ans',
    `\n[ERROR]{"code":"upstream_failed","message":"${providerReason}"}\n`,
  ]);
  for (const [name, value] of Object.entries(savedHeaders)) response.headers.set(name, value);
  return response;
}

const wholeAnswer = () =>
  streamedResponse([
    framedReply(
      'A whole answer.',
      makeMetadata({
        session_id: 'saved-session',
        usr_msg_id: 'saved-message',
        assistant_msg_id: 'server-reply',
        tokens_used: 9,
      }),
    ),
  ]);
const paths = (requests: ChatRequest[]) =>
  requests
    .map((request) => request.path)
    .filter((path) => path === '/conversation/message' || path === '/conversation/regenerate');

async function sendAndFail(text: string) {
  const user = userEvent.setup();
  renderChat();
  await user.type(await screen.findByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  const failure = await screen.findByRole('group', { name: 'Reply failed' });
  return { user, failure };
}

describe('chat screen: a failed send shows why under the message, with Retry', () => {
  it('shows the server reason under the message beside the toast, and Retry answers the saved message once', async () => {
    const { requests } = fakeChatApi({
      reply: refusedBeforeStream,
      routes: { 'POST /conversation/regenerate': wholeAnswer },
    });
    const { user, failure } = await sendAndFail('Explain tides');
    expect(failure).toHaveTextContent(providerReason);
    expect(screen.getByText(toastText)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Your message' })).toContainElement(failure);

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('9 tokens'));
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('A whole answer.');
    expect(screen.queryByRole('group', { name: 'Reply failed' })).toBeNull();
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(paths(requests)).toEqual(['/conversation/message', '/conversation/regenerate']);
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toEqual({
      message_id: 'saved-message',
      session_id: 'saved-session',
      forced_model_id: null,
      stream: true,
    });
  });

  it('replaces the partial reply a mid-stream failure kept when Retry succeeds', async () => {
    fakeChatApi({ reply: failedMidStream, routes: { 'POST /conversation/regenerate': wholeAnswer } });
    const { user, failure } = await sendAndFail('Explain tides');
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Half an ans');

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('A whole answer.'),
    );
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })).toHaveLength(1);
    const articles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(articles).toEqual(['Your message', 'Assistant reply']);
  });

  it('shows the failure again, with the new reason, when the retry fails too', async () => {
    fakeChatApi({
      reply: refusedBeforeStream,
      routes: {
        'POST /conversation/regenerate': () => ({
          status: 429,
          body: { code: 'too_many_requests', message: 'The model is busy. Please try again shortly.' },
        }),
      },
    });
    const { user, failure } = await sendAndFail('Explain tides');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Reply failed' })).toHaveTextContent(
        'The model is busy. Please try again shortly.',
      ),
    );
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
  });

  it('sends a message the server never saved again, without showing it twice', async () => {
    let calls = 0;
    const { requests } = fakeChatApi({
      reply: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return streamedResponse([framedReply('Made it.', makeMetadata({ session_id: 'saved-session' }))]);
      },
    });
    const { user, failure } = await sendAndFail('Explain tides');
    expect(failure).toHaveTextContent(failureReasons.connectionLost);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(paths(requests)).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Made it.')).toBeInTheDocument());
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(paths(requests)).toEqual(['/conversation/message', '/conversation/message']);
  });

  it("'Try another model' opens the model list, and the model chosen there answers the message", async () => {
    const { requests } = fakeChatApi({
      reply: refusedBeforeStream,
      models: [makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' })],
      routes: { 'POST /conversation/regenerate': wholeAnswer },
    });
    const { user, failure } = await sendAndFail('Explain tides');
    await user.click(within(failure).getByRole('button', { name: 'Try another model' }));
    const list = await screen.findByRole('dialog', { name: 'Choose a model' });
    await user.click(within(list).getByRole('option', { name: /GPT-4o/ }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('A whole answer.'),
    );
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toMatchObject({
      message_id: 'saved-message',
      forced_model_id: 'gpt-4o',
    });
    expect(screen.getByRole('button', { name: 'Model: GPT-4o' })).toBeInTheDocument();
  });

  it('closing the model list without a choice sends nothing', async () => {
    const { requests } = fakeChatApi({
      reply: refusedBeforeStream,
      models: [makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' })],
    });
    const { user, failure } = await sendAndFail('Explain tides');
    await user.click(within(failure).getByRole('button', { name: 'Try another model' }));
    await user.click(await screen.findByRole('button', { name: 'Close model list' }));
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Choose a model' })).getByRole('option', { name: /GPT-4o/ }),
    );
    expect(paths(requests)).toEqual(['/conversation/message']);
    expect(screen.getByRole('group', { name: 'Reply failed' })).toBeInTheDocument();
  });

  it('shows no inline failure when the user stops the reply', async () => {
    const { openStreamedResponse } = await import('../test/chat-fixtures');
    fakeChatApi({ reply: (request) => openStreamedResponse(['Partial words here'], request.signal) });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Write a long essay{Enter}');
    await waitFor(() => expect(screen.getByText('Partial words here')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Reply failed' })).toBeNull();
  });
});
