import type { LimitRefusal } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { framedReply, makeMetadata, makeModel, streamedResponse } from '../test/chat-fixtures';
import { fakeChatApi, type ChatRequest } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const limit: LimitRefusal = {
  kind: 'monthly_token_limit',
  model_id: 'openai/gpt-4o',
  model_name: 'GPT-4o',
  limit: 150,
  used: 140,
  reserved: 0,
  resets_on: '2026-12-01',
  alternative: null,
};
const limitText = 'Monthly token limit exceeded on GPT-4o (openai/gpt-4o): 140 of 150 tokens taken this month.';
const walletText = 'The organisation’s wallet cannot pay for GPT-4o. Ask an administrator to top it up.';

const refusals = {
  limit: () => ({ status: 429, body: { code: 'too_many_requests', message: limitText, limit } }),
  wallet: () => ({ status: 402, body: { code: 'payment_required', message: walletText } }),
  access: () => ({
    status: 403,
    body: { code: 'forbidden', message: 'Model access denied. You do not have access to this model.' },
  }),
};

const messagesSent = (requests: ChatRequest[]) =>
  requests.filter((request) => request.path === '/conversation/message');

async function sendRefused(text: string) {
  const user = userEvent.setup();
  renderChat();
  await user.type(await screen.findByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  const notSent = await screen.findByRole('group', { name: 'Message not sent' });
  return { user, notSent };
}

describe('chat screen: a message that does not fit what is left of a limit', () => {
  it('warns before it is refused, and the refusal says it does not fit and what would, never "exceeded"', async () => {
    const fitText =
      'This message could use up to 113 tokens on GPT-4o (about 63 for the conversation and a reply of up to 50), but 88 of your 150 monthly tokens are left (62 used). A reply of up to 25 tokens would fit: your administrator can let your role shorten replies to fit. It resets on 2026-12-01.';
    fakeChatApi({
      models: [
        makeModel({
          model_id: 'openai/gpt-4o',
          name: 'GPT-4o',
          limits: {
            token_limit: 150,
            tokens_used: 62,
            tokens_reserved: 0,
            cost_limit: 50,
            cost_used: 0,
            cost_reserved: 0,
            resets_on: '2026-12-01',
            warning: 'monthly_token_limit',
            request_tokens_max: 113,
          },
        }),
      ],
      reply: () => ({
        status: 429,
        body: {
          code: 'too_many_requests',
          message: fitText,
          limit: {
            ...limit,
            used: 62,
            reason: 'does_not_fit',
            request_tokens: 113,
            reply_tokens: 50,
            fitting_reply_tokens: 25,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: /^Model: / }));
    await user.click(within(await screen.findByRole('listbox', { name: 'Models' })).getByText('GPT-4o'));
    expect(screen.getByTestId('error-banner')).toHaveTextContent(
      'Your next message to GPT-4o may not fit your monthly token limit: 88 of 150 tokens are left, and one message can use up to 113. It resets on 2026-12-01.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Plan my week{Enter}');
    const notSent = await screen.findByRole('group', { name: 'Message not sent' });
    expect(notSent).toHaveTextContent(fitText);
    await waitFor(() => expect(screen.getByTestId('error-banner')).toHaveTextContent(fitText));
    expect(screen.getByTestId('error-banner')).not.toHaveTextContent('exceeded');
  });
});

describe('chat screen: a refused message is marked not sent', () => {
  it.each([
    ['a monthly limit (429)', refusals.limit, limitText],
    ['the wallet (402)', refusals.wallet, walletText],
    ['access (403)', refusals.access, 'You do not have permission to use this model.'],
  ])(
    'marks the message refused by %s as not sent, with the reason, Edit, Retry and Try another model',
    async (_name, reply, reason) => {
      fakeChatApi({ models: [makeModel()], reply });
      const { notSent } = await sendRefused('Plan my week');
      expect(screen.getByRole('article', { name: 'Your message' })).toContainElement(notSent);
      expect(notSent).toHaveTextContent('Not sent:');
      expect(notSent).toHaveTextContent(reason);
      for (const name of ['Edit', 'Retry', 'Try another model'])
        expect(within(notSent).getByRole('button', { name })).toBeEnabled();
      // The refused first message made no conversation: the sidebar has none to show.
      const sidebar = screen.getByRole('complementary', { name: 'Chat sessions' });
      expect(within(sidebar).getByText('No conversations yet')).toBeInTheDocument();
    },
  );

  it('Edit takes a refused message back into the message box, and Retry sends it once', async () => {
    let sends = 0;
    const { requests } = fakeChatApi({
      models: [makeModel()],
      reply: () => (++sends <= 2 ? refusals.limit() : streamedResponse([framedReply('An answer.', makeMetadata())])),
    });
    const { user, notSent } = await sendRefused('Plan my week');
    await user.click(within(notSent).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Plan my week');
    expect(screen.queryByRole('article', { name: 'Your message' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), ' briefly{Enter}');
    const again = await screen.findByRole('group', { name: 'Message not sent' });
    await user.click(within(again).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('An answer.')).toBeInTheDocument());
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Message not sent' })).toBeNull();
    expect(messagesSent(requests).map((request) => (request.body as { prompt: string }).prompt)).toEqual([
      'Plan my week',
      'Plan my week briefly',
      'Plan my week briefly',
    ]);
  });
});
