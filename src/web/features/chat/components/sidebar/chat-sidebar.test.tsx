import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultPreferences } from '@contracts';
import { describe, expect, it } from 'vitest';
import { makeRole } from '../../../../test/fake-api';
import { makeMessage, makeSession } from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

const sessions = [
  makeSession({ id: 's-1', title: 'First chat...' }),
  makeSession({ id: 's-2', title: '', created_at: '2026-03-04T12:00:00.000Z' }),
];
const messagesBySession = {
  's-1': [
    makeMessage({ id: 'm-1', session_id: 's-1', content: 'Question one' }),
    makeMessage({
      id: 'm-2',
      session_id: 's-1',
      role: 'assistant',
      content: 'Answer **one**',
      model: 'local/tinyllama',
      tokens_used: 9,
    }),
  ],
  's-2': [makeMessage({ id: 'm-3', session_id: 's-2', content: 'Question two' })],
};

async function sidebar() {
  return screen.findByRole('complementary', { name: 'Chat sessions' });
}

describe('chat sidebar', () => {
  it("lists sessions with their title or 'New Chat' and date, and loads the selected one's messages", async () => {
    const { requests } = fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    expect(await within(list).findByText('First chat...')).toBeInTheDocument();
    expect(within(list).getByText('New Chat', { selector: 'span' })).toBeInTheDocument();
    // The first session is selected when none is, and its messages are fetched.
    await waitFor(() => expect(screen.getByText('Question one')).toBeInTheDocument());
    expect(screen.getByText('one').tagName).toBe('STRONG');

    await user.click(within(list).getByText('New Chat', { selector: 'span' }));
    await waitFor(() => expect(screen.getByText('Question two')).toBeInTheDocument());
    expect(
      requests
        .filter((request) => request.method === 'GET' && /^\/conversation\/session\/s-\d$/.test(request.path))
        .map((request) => request.path),
    ).toEqual(['/conversation/session/s-1', '/conversation/session/s-2']);
  });

  it("shows 'Loading conversation...' while messages load and a toast when they cannot", async () => {
    let fail: () => void = () => {};
    fakeChatApi({
      sessions,
      routes: {
        'GET /conversation/session/s-1': () =>
          new Promise((resolve) => (fail = () => resolve({ status: 400, body: { message: 'boom' } }))),
      },
    });
    renderChat();
    await waitFor(() => expect(screen.getByText('Loading conversation...')).toBeInTheDocument());
    fail();
    await waitFor(() => expect(screen.getByText('Failed to load messages for this chat')).toBeInTheDocument());
  });

  it('renames inline: Enter saves, Escape cancels', async () => {
    const { requests } = fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await user.click(await within(list).findByRole('button', { name: 'Rename First chat...' }));
    const input = within(list).getByRole('textbox', { name: 'Chat name' });
    await user.clear(input);
    await user.type(input, 'Renamed{Escape}');
    expect(within(list).getByText('First chat...')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Rename First chat...' }));
    await user.clear(within(list).getByRole('textbox', { name: 'Chat name' }));
    await user.type(within(list).getByRole('textbox', { name: 'Chat name' }), 'Holiday plans{Enter}');
    expect(await within(list).findByText('Holiday plans')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Chat name updated')).toBeInTheDocument());
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/conversation/session/s-1/title',
      body: { title: 'Holiday plans' },
    });
  });

  it('saves a rename on blur', async () => {
    const { requests } = fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await user.click(await within(list).findByRole('button', { name: 'Rename First chat...' }));
    await user.clear(within(list).getByRole('textbox', { name: 'Chat name' }));
    await user.type(within(list).getByRole('textbox', { name: 'Chat name' }), 'Blurred');
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ title: 'Blurred' }),
    );
  });

  it('deletes a session, and clears all after confirming', async () => {
    const { requests } = fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await user.click(await within(list).findByRole('button', { name: 'Delete First chat...' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    expect(confirmation).toHaveTextContent('“First chat...” and its messages will be deleted.');
    expect(confirmation).not.toHaveTextContent('cannot be undone');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Chat session deleted')).toBeInTheDocument());
    expect(within(list).queryByText('First chat...')).toBeNull();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === '/conversation/session/s-1'),
    ).toBe(true);

    await user.click(within(list).getByRole('button', { name: 'Clear all conversations' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, clear all' }));
    await waitFor(() => expect(within(list).queryAllByRole('listitem')).toHaveLength(0));
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.path === '/conversation/session/all/org-1/user-1',
      ),
    ).toBe(true);
    expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled or closed with Escape, and gives focus back', async () => {
    const { requests } = fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    const deleteButton = await within(list).findByRole('button', { name: 'Delete First chat...' });
    await user.click(deleteButton);
    const confirmation = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    // Cancel has the focus first, so Enter never deletes by accident.
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteButton).toHaveFocus();

    await user.click(deleteButton);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(list).getByText('First chat...')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('leads a model manager from the chat to model analytics, their part of the admin area', async () => {
    fakeChatApi({ sessions, otherRoutes: { 'GET /roles/role-1': () => ({ body: makeRole('Model Manager') }) } });
    renderChat();
    const list = await sidebar();
    expect(await within(list).findByRole('link', { name: 'Model Analytics' })).toHaveAttribute('href', '/admin/models');
    expect(within(list).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('collapses to a strip and opens again, and keeps the account links', async () => {
    fakeChatApi({ sessions });
    const user = userEvent.setup();
    const { router } = renderChat();
    const list = await sidebar();
    expect(within(list).getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile/settings');
    expect(within(list).getByRole('button', { name: 'App Settings' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    await user.click(within(await sidebar()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('Successfully logged out')).toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('App Settings from the chat sidebar', () => {
  it('opens as a modal over the chat, and clearing the history there empties the session list', async () => {
    let historyDeletes = 0;
    fakeChatApi({
      sessions,
      messagesBySession,
      otherRoutes: {
        'GET /preferences/user/user-1': () => ({ body: defaultPreferences }),
        'DELETE /preferences/user/user-1/history': () => {
          historyDeletes += 1;
          return { body: { success: true, deletedCount: 2 } };
        },
      },
    });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    expect(await within(list).findByText('First chat...')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'App Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'App Settings' });
    // The chat stays underneath: still at /chat with its sessions.
    expect(within(list).getByText('First chat...')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Privacy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear All Conversation History' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear History' }));
    await waitFor(() =>
      expect(screen.getByText('Conversation history cleared (2 conversations deleted).')).toBeInTheDocument(),
    );
    expect(historyDeletes).toBe(1);
    await waitFor(() => expect(within(list).queryByText('First chat...')).not.toBeInTheDocument());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'App Settings' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument();
  });
});
