import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { framedReply, makeMetadata, makeModel, makeSession, streamedResponse } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

describe('chat screen: sending and streaming', () => {
  it('shows the empty state, then streams a first reply into a new session at the top of the list', async () => {
    const { requests } = fakeChatApi({
      sessions: [makeSession({ id: 'older', title: 'Older chat...' })],
      reply: () =>
        streamedResponse([
          'Hello ',
          'there, ',
          'friend.',
          framedReply(
            '',
            makeMetadata({ session_id: 'session-new', tokens_used: 42, primary_model: 'local/tinyllama' }),
          ),
        ]),
    });
    const user = userEvent.setup();
    renderChat();
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    expect(await within(sidebar).findByText('Older chat...')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument();
    expect(screen.getByText('Type a message to begin chatting with our AI assistant.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tell me about the weather today{Enter}');
    expect(screen.getByRole('article', { name: 'Your message' })).toHaveTextContent('Tell me about the weather today');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('42 tokens'),
    );
    const reply = screen.getByRole('article', { name: 'Assistant reply' });
    expect(reply).toHaveTextContent('Hello there, friend.');
    expect(reply).toHaveTextContent('local/tinyllama');

    const titles = within(sidebar)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(titles[0]).toContain('Tell me about the weather toda...');
    expect(titles[1]).toContain('Older chat...');
    expect(titles).toHaveLength(2);
    const sent = requests.find((request) => request.path === '/conversation/message');
    expect(sent?.body).toEqual({
      org_id: 'org-1',
      user_id: 'user-1',
      prompt: 'Tell me about the weather today',
      session_id: null,
      forced_model_id: null,
      stream: true,
    });
    expect(sent?.authorization).toBe('Bearer access-1');
  });

  it('scrolls to the newest message as the reply grows', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      fakeChatApi();
      const user = userEvent.setup();
      renderChat();
      await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
      await screen.findByText('Hello there, friend.');
      expect(scrollIntoView.mock.calls.length).toBeGreaterThan(2);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("shows 'Thinking' until the first text arrives", async () => {
    let release: (value: Response) => void = () => {};
    fakeChatApi({ reply: () => new Promise<Response>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() => expect(screen.getByText('Thinking')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Stop generating' })).toBeInTheDocument();
    release(streamedResponse([framedReply('Done now')]));
    await waitFor(() => expect(screen.getByText('Done now')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Thinking')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Stop generating' })).toBeNull();
  });

  it.each([
    [403, 'Monthly token limit exceeded for this model.', 'You have exceeded your monthly token limit for this model.'],
    [403, 'Monthly cost limit exceeded for this model.', 'You have exceeded your monthly cost limit for this model.'],
    [
      403,
      'Model access denied. You do not have access to this model.',
      'You do not have permission to use this model.',
    ],
    [502, 'The model provider failed', 'Failed to send message. Please try again.'],
  ])('maps a %i %j to the spec text and keeps the user message', async (status, message, expected) => {
    fakeChatApi({ reply: () => ({ status, body: { code: 'error', message } }) });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Keep me{Enter}');
    await waitFor(() => expect(screen.getAllByText(expected).length).toBeGreaterThan(0));
    expect(screen.getByRole('article', { name: 'Your message' })).toHaveTextContent('Keep me');
    // Access and limit texts also go to the red banner above the input, and mark the message not sent; other failures do not.
    if (status === 403) {
      expect(screen.getByTestId('error-banner')).toHaveTextContent(expected);
      expect(screen.getByRole('group', { name: 'Message not sent' })).toBeInTheDocument();
    } else expect(screen.queryByTestId('error-banner')).toBeNull();
  });

  it('keeps the partial text when the stream ends with an error line', async () => {
    fakeChatApi({
      reply: () => streamedResponse(['Partial answer', '\n[ERROR]{"code":"upstream_failed","message":"cut"}\n']),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    await waitFor(() => expect(screen.getByText('Failed to send message. Please try again.')).toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Partial answer');
  });

  it('keeps one conversation when the first reply fails: the next message goes to the session the server saved', async () => {
    let calls = 0;
    const { requests } = fakeChatApi({
      reply: () => {
        calls += 1;
        if (calls === 1) {
          return new Response(
            JSON.stringify({
              code: 'upstream_failed',
              message: 'The model provider failed to answer. Please try again.',
            }),
            {
              status: 502,
              headers: {
                'Content-Type': 'application/json',
                'X-Session-Id': 'saved-session',
                'X-User-Message-Id': 'saved-message',
              },
            },
          );
        }
        return streamedResponse([framedReply('Second time lucky.', makeMetadata({ session_id: 'saved-session' }))]);
      },
    });
    const user = userEvent.setup();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'First try{Enter}');
    await waitFor(() => expect(screen.getByText('Failed to send message. Please try again.')).toBeInTheDocument());
    await user.type(box, 'Second try{Enter}');
    await waitFor(() => expect(screen.getByText('Second time lucky.')).toBeInTheDocument());

    const sends = requests
      .filter((request) => request.path === '/conversation/message')
      .map((request) => (request.body as { session_id: string | null }).session_id);
    expect(sends).toEqual([null, 'saved-session']);
    // Both messages sit in the one session, listed once.
    expect(screen.getAllByRole('article', { name: 'Your message' }).map((article) => article.textContent)).toEqual([
      expect.stringContaining('First try'),
      expect.stringContaining('Second try'),
    ]);
    // The session list is read again after the send: wait for it, then it lists the session once.
    await waitFor(() =>
      expect(
        within(screen.getByRole('complementary', { name: 'Chat sessions' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('answers a failed reply again: Regenerate on the kept partial text asks about the saved message and replaces it', async () => {
    const encoder = new TextEncoder();
    const { requests } = fakeChatApi({
      sessions: [],
      models: [makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' })],
      reply: () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('Half an ans'));
              controller.enqueue(encoder.encode('\n[ERROR]{"code":"upstream_failed","message":"cut"}\n'));
              controller.close();
            },
          }),
          {
            status: 200,
            headers: {
              'Content-Type': 'text/plain; charset=utf-8',
              'X-Session-Id': 'saved-session',
              'X-User-Message-Id': 'saved-message',
            },
          },
        ),
      routes: {
        'POST /conversation/regenerate': () =>
          streamedResponse([
            framedReply(
              'A whole answer.',
              makeMetadata({
                session_id: 'saved-session',
                usr_msg_id: 'saved-message',
                assistant_msg_id: 'server-reply',
              }),
            ),
          ]),
      },
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    await waitFor(() => expect(screen.getByText('Failed to send message. Please try again.')).toBeInTheDocument());
    const partial = screen.getByRole('article', { name: 'Assistant reply' });
    expect(partial).toHaveTextContent('Half an ans');

    await user.click(within(partial).getByRole('button', { name: 'Regenerate' }));
    await user.click(within(partial).getByRole('button', { name: 'Regenerate now' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('A whole answer.'),
    );
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })).toHaveLength(1);
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toMatchObject({
      message_id: 'saved-message',
      session_id: 'saved-session',
    });
  });
});
