import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  framedReply,
  makeMessage,
  makeMetadata,
  makeModel,
  makeSession,
  streamedResponse,
} from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

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

describe('Regenerate', () => {
  it('offers Auto first, and regenerating with it lets the router choose (forced_model_id null)', async () => {
    const { requests } = fakeChatApi({
      sessions: [session],
      messagesBySession,
      models,
      routes: {
        'POST /conversation/regenerate': () =>
          streamedResponse([
            framedReply(
              'Routed again.',
              makeMetadata({
                session_id: 's-1',
                assistant_msg_id: 'm-2',
                primary_model: 'openai/gpt-4o',
                tokens_used: 9,
              }),
            ),
          ]),
      },
    });
    const user = userEvent.setup();
    renderChat();
    const reply = await screen.findByRole('article', { name: 'Assistant reply' });
    await user.click(within(reply).getByRole('button', { name: 'Regenerate' }));
    const select = within(reply).getByRole('combobox', { name: 'Model for regeneration' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Auto', 'TinyLlama', 'GPT-4o']);
    await user.selectOptions(select, 'Auto');
    await user.click(within(reply).getByRole('button', { name: 'Regenerate now' }));
    await waitFor(() => expect(screen.getByText('Routed again.')).toBeInTheDocument());
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/conversation/regenerate')?.body).toEqual({
        message_id: 'm-2',
        session_id: 's-1',
        forced_model_id: null,
        stream: true,
      }),
    );
  });
});
