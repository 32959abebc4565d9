import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMessage, makeModel, makeSession } from '../test/chat-fixtures';
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

describe('chat screen: Escape closes what is open', () => {
  it('closes the model list and gives focus back to its button, keeping the model', async () => {
    fakeChatApi({ models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    const trigger = await screen.findByRole('button', { name: 'Model: Auto' });
    await user.click(trigger);
    await screen.findByRole('listbox', { name: 'Models' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Choose a model' })).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves message edit mode, discarding the draft and sending nothing', async () => {
    const { requests } = fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    const bubble = await screen.findByRole('article', { name: 'Your message' });
    await user.click(within(bubble).getByRole('button', { name: 'Edit' }));
    const draft = within(bubble).getByRole('textbox', { name: 'Edit message' });
    expect(draft).toHaveFocus();
    await user.type(draft, ' Really?');
    await user.keyboard('{Escape}');
    expect(within(bubble).queryByRole('textbox')).toBeNull();
    expect(bubble).toHaveTextContent('Is it sunny?');
    expect(bubble).not.toHaveTextContent('Really?');
    expect(within(bubble).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('closes the regenerate model choice without regenerating', async () => {
    const { requests } = fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    const reply = await screen.findByRole('article', { name: 'Assistant reply' });
    await user.click(within(reply).getByRole('button', { name: 'Regenerate' }));
    await user.click(within(reply).getByRole('combobox', { name: 'Model for regeneration' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(reply).queryByRole('combobox')).toBeNull());
    expect(within(reply).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/conversation/regenerate')).toBe(false);
  });
});
