import type { ChatModel, LimitRefusal, ModelLimitUsage } from '@contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { framedReply, makeMetadata, makeModel, streamedResponse } from '../test/chat-fixtures';
import { fakeChatApi, type ChatRequest } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const usage = (overrides: Partial<ModelLimitUsage> = {}): ModelLimitUsage => ({
  token_limit: 1_000,
  tokens_used: 0,
  tokens_reserved: 0,
  cost_limit: 50,
  cost_used: 0,
  cost_reserved: 0,
  resets_on: '2026-12-01',
  warning: null,
  ...overrides,
});
const gpt4o = (limits = usage()): ChatModel =>
  makeModel({ model_id: 'openai/gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 2000, limits });
const mini = (limits = usage()): ChatModel =>
  makeModel({ model_id: 'openai/gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', max_tokens: 2000, limits });

function refusal(overrides: Partial<LimitRefusal> = {}) {
  const limit: LimitRefusal = {
    kind: 'monthly_token_limit',
    model_id: 'openai/gpt-4o',
    model_name: 'GPT-4o',
    limit: 1_000,
    used: 1_000,
    reserved: 0,
    resets_on: '2026-12-01',
    alternative: { model_id: 'openai/gpt-4o-mini', name: 'GPT-4o mini' },
    ...overrides,
  };
  const message = `Monthly ${limit.kind === 'cost_limit' ? 'cost' : 'token'} limit exceeded on GPT-4o (openai/gpt-4o). It resets on 2026-12-01.`;
  return { status: 429, body: { code: 'too_many_requests', message, detail: message, limit } };
}

async function chooseModel(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: /^Model: / }));
  const listbox = await screen.findByRole('listbox', { name: 'Models' });
  await user.click(within(listbox).getByText(name));
}

const messagesSent = (requests: ChatRequest[]) =>
  requests.filter((request) => request.path === '/conversation/message');

describe('chat screen: monthly limits', () => {
  it('shows a refusal with its reset date and switches to the cheaper model with room in one click, sending again', async () => {
    let sends = 0;
    const { requests } = fakeChatApi({
      models: [gpt4o(usage({ tokens_used: 1_000, warning: 'monthly_token_limit' })), mini()],
      reply: () =>
        ++sends === 1
          ? refusal()
          : streamedResponse([framedReply('Cheaper answer.', makeMetadata({ primary_model: 'openai/gpt-4o-mini' }))]),
    });
    const user = userEvent.setup();
    renderChat();
    await chooseModel(user, 'GPT-4o');
    // Choosing a model at its limit warns at once.
    expect(screen.getByTestId('error-banner')).toHaveTextContent(
      'You have used 100% of your monthly token limit for GPT-4o. It resets on 2026-12-01.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Summarise this{Enter}');

    await screen.findByText('You have exceeded your monthly token limit for this model.');
    const banner = screen.getByTestId('error-banner');
    expect(banner).toHaveTextContent('GPT-4o: 1,000 of 1,000 tokens this month. Resets on 2026-12-01.');
    await user.click(within(banner).getByRole('button', { name: 'Switch to GPT-4o mini and resend' }));

    await waitFor(() => expect(messagesSent(requests)).toHaveLength(2));
    expect(messagesSent(requests)[1]!.body).toMatchObject({
      prompt: 'Summarise this',
      forced_model_id: 'openai/gpt-4o-mini',
    });
    await waitFor(() => expect(screen.getByText('Cheaper answer.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Model: GPT-4o mini' })).toBeInTheDocument();
    // The refused message was taken back before it was sent again: it shows once.
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
  });

  it('shows a cost refusal with no offer when no cheaper model has room', async () => {
    fakeChatApi({
      models: [gpt4o()],
      reply: () => refusal({ kind: 'cost_limit', limit: 5, used: 4.99, reserved: 0.01, alternative: null }),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Anything{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent('You have exceeded your monthly cost limit for this model.');
    expect(banner).toHaveTextContent('GPT-4o: $5.00 of $5.00 this month. Resets on 2026-12-01.');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    // A refusal is red; the warnings below, where nothing was refused yet, amber.
    expect(banner).toHaveAttribute('data-tone', 'error');
  });

  it('warns above 90% of a limit after the reply that crossed it, reading the models again', async () => {
    let reads = 0;
    const { requests } = fakeChatApi({
      routes: {
        'GET /conversation/models': () => ({
          body: {
            models: [++reads === 1 ? mini() : mini(usage({ tokens_used: 950, warning: 'monthly_token_limit' }))],
          },
        }),
      },
      reply: () => streamedResponse([framedReply('Done.', makeMetadata({ primary_model: 'openai/gpt-4o-mini' }))]),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Use most of it{Enter}');
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(
      'You have used 95% of your monthly token limit for GPT-4o mini. It resets on 2026-12-01.',
    );
    expect(screen.getByTestId('error-banner')).toHaveAttribute('data-tone', 'warning');
    expect(requests.filter((request) => request.path === '/conversation/models')).toHaveLength(2);
  });

  it('warns when the chosen model is above 90% of its cost limit, and shows each model’s share in the selector', async () => {
    fakeChatApi({
      models: [
        gpt4o(usage({ cost_used: 4.6, cost_limit: 5, warning: 'cost_limit' })),
        mini(usage({ tokens_used: 250 })),
      ],
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Model: Auto' }));
    const listbox = await screen.findByRole('listbox', { name: 'Models' });
    expect(
      within(listbox).getByText(/openai\/gpt-4o · max 2,000 tokens a message · 92% of monthly limit used/),
    ).toBeInTheDocument();
    expect(
      within(listbox).getByText(/openai\/gpt-4o-mini · max 2,000 tokens a message · 25% of monthly limit used/),
    ).toBeInTheDocument();
    await user.click(within(listbox).getByText('GPT-4o'));
    expect(screen.getByTestId('error-banner')).toHaveTextContent(
      'You have used 92% of your monthly cost limit for GPT-4o. It resets on 2026-12-01.',
    );
    expect(screen.getByTestId('error-banner')).toHaveAttribute('data-tone', 'warning');
  });

  it('reads nothing more after a reply when the role has no limits', async () => {
    const { requests } = fakeChatApi({ models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    // The reply's footer (its tokens) shows only once the reply has completed, when a limited role reads the models again.
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant reply' })).toHaveTextContent('42 tokens'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('Hello there, friend.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/conversation/models')).toHaveLength(1);
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
  });

  it('shows a model refused for the role as the spec says, with no offer', async () => {
    fakeChatApi({
      reply: () => ({
        status: 403,
        body: { code: 'forbidden', message: 'Model access denied. You do not have access to this model.' },
      }),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent('You do not have permission to use this model.');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });
});
