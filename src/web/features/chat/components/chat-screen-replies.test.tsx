import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  framedReply,
  makeMessage,
  makeMetadata,
  makeModel,
  makeSession,
  makeVersion,
  openStreamedResponse,
  streamedResponse,
} from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const session = makeSession({ id: 's-1', title: 'Weather...' });
const messagesBySession = {
  's-1': [
    makeMessage({ id: 'm-1', session_id: 's-1', content: 'Is it sunny?' }),
    makeMessage({
      id: 'm-2',
      session_id: 's-1',
      role: 'assistant',
      content: 'Yes it is.',
      model: 'local/tinyllama',
      tokens_used: 7,
    }),
  ],
};
const models = [makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 4000 })];

describe('chat screen: working with replies', () => {
  it('regenerates with a model chosen on the second click, replacing the reply in place and keeping the old answer as a version', async () => {
    const server = { 's-1': [...messagesBySession['s-1']] };
    const { requests } = fakeChatApi({
      sessions: [session],
      messagesBySession: server,
      models,
      routes: {
        'POST /conversation/regenerate': () => {
          // As the server records it: the new answer in place, the old one kept as an earlier version.
          server['s-1'] = [
            server['s-1'][0]!,
            makeMessage({
              id: 'm-2',
              session_id: 's-1',
              role: 'assistant',
              content: 'Actually, rain.',
              model: 'openai/gpt-4o',
              tokens_used: 11,
              versions: [makeVersion({ prompt: 'Is it sunny?', content: 'Yes it is.', tokens_used: 7 })],
            }),
          ];
          return streamedResponse([
            framedReply(
              'Actually, rain.',
              makeMetadata({
                session_id: 's-1',
                assistant_msg_id: 'm-2',
                primary_model: 'openai/gpt-4o',
                tokens_used: 11,
              }),
            ),
          ]);
        },
      },
    });
    const user = userEvent.setup();
    renderChat();
    await waitFor(() => expect(screen.getByText('Yes it is.')).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Answer versions' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(requests.some((request) => request.path === '/conversation/regenerate')).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model for regeneration' }), 'gpt-4o');
    await user.click(screen.getByRole('button', { name: 'Regenerate now' }));

    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('11 tokens'),
    );
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Actually, rain.');
    expect(screen.queryByText('Yes it is.')).toBeNull();
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toEqual({
      message_id: 'm-2',
      session_id: 's-1',
      forced_model_id: 'gpt-4o',
      stream: true,
    });

    const versions = await screen.findByRole('group', { name: 'Answer versions' });
    expect(versions).toHaveTextContent(/Answer 2 of 2/);
    expect(versions).toHaveTextContent(/2 \/ 2/);
    await user.click(within(versions).getByRole('button', { name: 'Previous answer' }));
    const reply = screen.getByRole('article', { name: 'Assistant reply' });
    expect(reply).toHaveTextContent('Yes it is.');
    expect(reply).toHaveTextContent('7 tokens');
    expect(within(reply).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(within(reply).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(versions).getByRole('button', { name: 'Previous answer' })).toBeDisabled();
    await user.click(within(versions).getByRole('button', { name: 'Next answer' }));
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Actually, rain.');
    expect(within(versions).getByRole('button', { name: 'Next answer' })).toBeDisabled();
  });

  it('marks a reply whose server stopped mid-stream as interrupted, keeps its text, and regenerates it in place', async () => {
    const { requests } = fakeChatApi({
      sessions: [session],
      messagesBySession: {
        's-1': [
          messagesBySession['s-1'][0]!,
          makeMessage({
            id: 'm-2',
            session_id: 's-1',
            role: 'assistant',
            content: 'Yes, mostly sun un',
            status: 'interrupted',
            tokens_used: 9,
          }),
        ],
      },
      models,
      routes: {
        'POST /conversation/regenerate': () =>
          streamedResponse([
            framedReply('Yes, all day.', makeMetadata({ session_id: 's-1', assistant_msg_id: 'm-2', tokens_used: 12 })),
          ]),
      },
    });
    const user = userEvent.setup();
    renderChat();
    const reply = await screen.findByRole('article', { name: 'Assistant reply' });
    expect(reply).toHaveTextContent('Yes, mostly sun un');
    expect(within(reply).getByRole('note')).toHaveTextContent('Interrupted');

    await user.click(within(reply).getByRole('button', { name: 'Regenerate' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate now' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Yes, all day.'),
    );
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })).toHaveLength(1);
    // The mark goes when the new reply has finished, which may land a render after its text on a loaded machine.
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toMatchObject({
      message_id: 'm-2',
      session_id: 's-1',
    });
  });

  it('shows no mark under a reply that finished', async () => {
    fakeChatApi({ sessions: [session], messagesBySession, models });
    renderChat();
    await waitFor(() => expect(screen.getByText('Yes it is.')).toBeInTheDocument());
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('marks a reply cut off at its token limit, streamed and after a reload, and claims no saving for it', async () => {
    const route = {
      decision_id: 'decision-1',
      mode: 'auto' as const,
      reason: 'router_score' as const,
      reason_text: 'Router score 0.10 below 0.60: tier 1 is enough',
      cached: false,
      cost_usd: 0.0001,
      reference_model: 'anthropic/claude-sonnet-4',
      reference_cost_usd: 0.0042,
    };
    fakeChatApi({
      reply: () =>
        streamedResponse([
          framedReply(
            'Foxes are small omnivores that',
            makeMetadata({ selection_id: 'decision-1', route, finish_reason: 'length' }),
          ),
        ]),
    });
    const user = userEvent.setup();
    const first = renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Tell me about foxes{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('42 tokens'),
    );
    const streamed = screen.getByRole('article', { name: 'Assistant reply' });
    expect(within(streamed).getByRole('note')).toHaveTextContent('Cut off at the token limit');
    expect(within(streamed).getByRole('note')).toHaveTextContent('stopped mid-answer');
    expect(within(streamed).getByRole('generic', { name: 'How this reply was routed' })).toHaveTextContent(
      '$0.0001 vs $0.0042 on anthropic/claude-sonnet-4',
    );
    expect(streamed).not.toHaveTextContent('saved');
    first.unmount();

    fakeChatApi({
      sessions: [session],
      messagesBySession: {
        's-1': [
          messagesBySession['s-1'][0]!,
          makeMessage({ ...messagesBySession['s-1'][1]!, finish_reason: 'length', route }),
        ],
      },
    });
    renderChat();
    const fetched = await screen.findByRole('article', { name: 'Assistant reply' });
    expect(within(fetched).getByRole('note')).toHaveTextContent('Cut off at the token limit');
  });

  it('shows no cut-off mark for a reply that stopped by itself', async () => {
    fakeChatApi({
      reply: () =>
        streamedResponse([framedReply('Foxes are small omnivores.', makeMetadata({ finish_reason: 'stop' }))]),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Tell me about foxes{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('42 tokens'),
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('lets a regenerated reply be rated again after the old one was rated', async () => {
    const { requests } = fakeChatApi({
      sessions: [session],
      messagesBySession,
      models,
      routes: {
        'POST /conversation/regenerate': () =>
          streamedResponse([
            framedReply(
              'Actually, rain.',
              makeMetadata({ session_id: 's-1', assistant_msg_id: 'm-2', selection_id: 'm-2', tokens_used: 11 }),
            ),
          ]),
      },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Bad reply' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bad reply' })).toHaveAttribute('aria-pressed', 'true'),
    );

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate now' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Actually, rain.'),
    );
    const good = await screen.findByRole('button', { name: 'Good reply' });
    expect(good).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Bad reply' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(good);
    await waitFor(() => expect(good).toHaveAttribute('aria-pressed', 'true'));
    expect(
      requests
        .filter((request) => request.path === '/feedback')
        .map((request) => (request.body as { feedback: string }).feedback),
    ).toEqual(['negative', 'positive']);
  });

  it('shows how a reply was routed and its cost against the reference model, streamed and after a reload', async () => {
    const route = {
      decision_id: 'decision-1',
      mode: 'auto' as const,
      reason: 'cache_hit' as const,
      reason_text: 'Answered from the cache (similarity 0.97)',
      cached: true,
      cost_usd: 0,
      reference_model: 'anthropic/claude-sonnet-4',
      reference_cost_usd: 0.0042,
    };
    fakeChatApi({
      reply: () =>
        streamedResponse([framedReply('Cached answer.', makeMetadata({ selection_id: 'decision-1', route }))]),
    });
    const user = userEvent.setup();
    const first = renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const routed = await screen.findByRole('generic', { name: 'How this reply was routed' });
    expect(routed).toHaveTextContent('From cache');
    expect(routed).toHaveTextContent('$0.00 vs $0.0042 on anthropic/claude-sonnet-4 (saved $0.0042)');
    expect(within(routed).getByText('Answered from the cache (similarity 0.97)')).toBeInTheDocument();
    first.unmount();

    fakeChatApi({
      sessions: [session],
      messagesBySession: {
        's-1': [
          messagesBySession['s-1'][0]!,
          makeMessage({
            ...messagesBySession['s-1'][1]!,
            selection_id: 'decision-2',
            route: { ...route, decision_id: 'decision-2', reason: 'router_score', cached: false, cost_usd: 0.0001 },
          }),
        ],
      },
    });
    renderChat();
    const fetched = await screen.findByRole('generic', { name: 'How this reply was routed' });
    expect(fetched).toHaveTextContent('Routed');
    expect(fetched).toHaveTextContent('$0.0001 vs $0.0042');
  });

  it('edits a sent message with Save, which asks it again and keeps the earlier answer; Cancel discards the draft', async () => {
    const server = { 's-1': [...messagesBySession['s-1']] };
    const { requests } = fakeChatApi({
      sessions: [session],
      messagesBySession: server,
      models,
      routes: {
        'POST /conversation/regenerate': () => {
          server['s-1'] = [
            makeMessage({
              id: 'm-1',
              session_id: 's-1',
              content: 'Is it warm?',
              edited_at: '2026-01-02T10:05:00.000Z',
            }),
            makeMessage({
              id: 'm-2',
              session_id: 's-1',
              role: 'assistant',
              content: 'Warm enough.',
              tokens_used: 9,
              versions: [makeVersion({ prompt: 'Is it sunny?', content: 'Yes it is.' })],
            }),
          ];
          return streamedResponse([
            framedReply(
              'Warm enough.',
              makeMetadata({ session_id: 's-1', usr_msg_id: 'm-1', assistant_msg_id: 'm-2', tokens_used: 9 }),
            ),
          ]);
        },
      },
    });
    const user = userEvent.setup();
    renderChat();
    const bubble = await screen.findByRole('article', { name: 'Your message' });
    await user.click(within(bubble).getByRole('button', { name: 'Edit' }));
    await user.type(within(bubble).getByRole('textbox', { name: 'Edit message' }), ' Really?');
    await user.click(within(bubble).getByRole('button', { name: 'Cancel' }));
    expect(bubble).toHaveTextContent('Is it sunny?');
    expect(bubble).not.toHaveTextContent('Really?');

    await user.click(within(bubble).getByRole('button', { name: 'Edit' }));
    const draft = within(bubble).getByRole('textbox', { name: 'Edit message' });
    await user.clear(draft);
    await user.type(draft, 'Is it warm?');
    await user.click(within(bubble).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Warm enough.'),
    );
    expect(screen.getByRole('article', { name: 'Your message' })).toHaveTextContent('Is it warm?');
    expect(within(screen.getByRole('article', { name: 'Your message' })).queryByRole('textbox')).toBeNull();
    expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toEqual({
      message_id: 'm-1',
      session_id: 's-1',
      forced_model_id: null,
      content: 'Is it warm?',
      stream: true,
    });
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    // The earlier answer is shown with the prompt it answered.
    const versions = await screen.findByRole('group', { name: 'Answer versions' });
    await user.click(within(versions).getByRole('button', { name: 'Previous answer' }));
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Yes it is.');
    const asked = screen.getByRole('article', { name: 'Your message' });
    expect(asked).toHaveTextContent('As asked then');
    expect(asked).toHaveTextContent('Is it sunny?');
    expect(within(asked).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('keeps the draft open when the server refuses an edit before saving it', async () => {
    fakeChatApi({
      sessions: [session],
      messagesBySession,
      models,
      routes: {
        'POST /conversation/regenerate': () => ({
          status: 403,
          body: { code: 'forbidden', message: 'Model access denied. You do not have access to this model.' },
        }),
      },
    });
    const user = userEvent.setup();
    renderChat();
    const bubble = await screen.findByRole('article', { name: 'Your message' });
    await user.click(within(bubble).getByRole('button', { name: 'Edit' }));
    const draft = within(bubble).getByRole('textbox', { name: 'Edit message' });
    await user.clear(draft);
    await user.type(draft, 'Is it warm?');
    await user.click(within(bubble).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Your message' })).getByRole('textbox', { name: 'Edit message' }),
      ).toHaveValue('Is it warm?'),
    );
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Yes it is.');
  });

  it('rates a reply once and thanks the user', async () => {
    const { requests } = fakeChatApi({ sessions: [session], messagesBySession, models });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Good reply' }));
    await waitFor(() => expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Bad reply' })).toBeDisabled();
    expect(requests.filter((request) => request.path === '/feedback').map((request) => request.body)).toEqual([
      { selection_id: 'm-2', org_id: 'org-1', user_id: 'user-1', feedback: 'positive' },
    ]);
  });

  it('shows a reply the user rated before as submitted, and sends no second rating', async () => {
    const rated = {
      's-1': [messagesBySession['s-1'][0]!, { ...messagesBySession['s-1'][1]!, feedback: 'negative' as const }],
    };
    const { requests } = fakeChatApi({ sessions: [session], messagesBySession: rated, models });
    const user = userEvent.setup();
    renderChat();
    const bad = await screen.findByRole('button', { name: 'Bad reply' });
    expect(bad).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Good reply', 'Neutral reply', 'Bad reply'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Good reply' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Good reply' }));
    expect(screen.queryByText('Thanks for your feedback!')).toBeNull();
    expect(requests.some((request) => request.path === '/feedback')).toBe(false);
  });

  it('still shows a new rating as submitted after switching to another chat and back', async () => {
    const other = makeSession({ id: 's-2', title: 'Other chat...' });
    fakeChatApi({
      sessions: [session, other],
      messagesBySession: {
        ...messagesBySession,
        's-2': [makeMessage({ id: 'm-3', session_id: 's-2', content: 'Something else' })],
      },
      models,
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Good reply' }));
    await waitFor(() => expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument());
    const sidebar = screen.getByRole('complementary', { name: 'Chat sessions' });
    await user.click(within(sidebar).getByText('Other chat...'));
    await waitFor(() => expect(screen.getByText('Something else')).toBeInTheDocument());
    await user.click(within(sidebar).getByText('Weather...'));
    await waitFor(() => expect(screen.getByText('Yes it is.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Good reply' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bad reply' })).toBeDisabled();
  });

  it('stops generating, keeping the partial reply without an error toast', async () => {
    fakeChatApi({ reply: (request) => openStreamedResponse(['Partial words here'], request.signal) });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Write a long essay{Enter}');
    await waitFor(() => expect(screen.getByText('Partial words here')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('Partial words here');
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();
  });
});
