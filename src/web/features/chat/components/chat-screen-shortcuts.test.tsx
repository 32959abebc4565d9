import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage, makeModel, makeSession, openStreamedResponse } from '../test/chat-fixtures';
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
      content: 'Yes, **sunny** all day.',
      model: 'local/tinyllama',
      tokens_used: 7,
    }),
  ],
};

describe('chat screen keyboard shortcuts', () => {
  let restoreMatchMedia = () => {};
  afterEach(() => restoreMatchMedia());

  it('under 768 px Escape closes the full-screen sidebar, and the search box empties first', async () => {
    const originalMatchMedia = window.matchMedia;
    restoreMatchMedia = () => (window.matchMedia = originalMatchMedia);
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia(query),
      matches: query.includes('max-width: 767px'),
    })) as typeof window.matchMedia;
    fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Open sidebar' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    const search = within(sidebar).getByRole('searchbox', { name: 'Search conversations' });
    await user.type(search, 'sun');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(screen.getByRole('complementary', { name: 'Chat sessions' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull());
  });

  it('opens the help dialog with Ctrl+/ and with ? outside a text field, and Escape closes it', async () => {
    fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.keyboard('{Control>}/{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [
      'New chat',
      'Focus the message box',
      'Stop generating',
      'Copy the last reply',
      'Show or hide the sidebar',
    ]) {
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Typed into the message box, ? is just a character.
    await user.type(box, 'why?');
    expect(box).toHaveValue('why?');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('heading', { level: 3, name: /./ }));
    await user.keyboard('?');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument());
  });

  it('starts a new chat, focuses the message box, and shows or hides the sidebar', async () => {
    fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Is it sunny?');
    await user.keyboard('{Control>}{Shift>}O{/Shift}{/Control}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument());

    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveFocus();
    await user.keyboard('{Shift>}{Escape}{/Shift}');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();

    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull();
    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(screen.getByRole('complementary', { name: 'Chat sessions' })).toBeInTheDocument();
  });

  it('copies the last reply as its markdown', async () => {
    fakeChatApi({ sessions: [session], messagesBySession, models: [makeModel()] });
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Is it sunny?');
    await user.keyboard('{Control>}{Shift>}C{/Shift}{/Control}');
    await waitFor(() => expect(screen.getByText('Last reply copied')).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe('Yes, **sunny** all day.');
  });

  it('stops generating, and leaves Ctrl+E to the message box', async () => {
    let signal: AbortSignal | null | undefined;
    fakeChatApi({
      models: [makeModel()],
      reply: (request) => {
        signal = request.signal;
        return openStreamedResponse(['Partial words here'], request.signal);
      },
    });
    const user = userEvent.setup();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Write a long essay{Enter}');
    await waitFor(() => expect(screen.getByText('Partial words here')).toBeInTheDocument());
    await user.keyboard('{Control>}{Shift>}X{/Shift}{/Control}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());
    expect(signal?.aborted).toBe(true);

    await user.click(box);
    await user.keyboard('{Control>}e{/Control}');
    expect((box as HTMLTextAreaElement).value).toContain('```');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
