import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSessionView } from '@contracts';
import { describe, expect, it } from 'vitest';
import { makeMessage, makeSession } from '../../test/chat-fixtures';
import { fakeChatApi, type ChatRequest } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

const first = makeSession({ id: 's-1', title: 'First chat...' });
const second = makeSession({ id: 's-2', title: 'Second chat...', created_at: '2026-03-04T12:00:00.000Z' });
const messagesBySession = {
  's-1': [
    makeMessage({ id: 'm-1', session_id: 's-1', content: 'Question one' }),
    makeMessage({ id: 'm-2', session_id: 's-1', role: 'assistant', content: 'Answer one' }),
  ],
  's-2': [makeMessage({ id: 'm-3', session_id: 's-2', content: 'Question two' })],
};

/** The conversation calls with a server that really forgets and brings back sessions; `restorable: false` is past the window. */
function serverWithUndo(options: { restorable?: boolean } = {}) {
  const live = new Set(['s-1', 's-2']);
  const listed = () => [first, second].filter((session) => live.has(session.id));
  const withMessages = (session: ChatSessionView) => ({
    ...session,
    messages: messagesBySession[session.id as keyof typeof messagesBySession],
  });
  const restore = (session: ChatSessionView) => () => {
    if (options.restorable === false)
      return { status: 404, body: { code: 'not_found', message: 'Chat session not found' } };
    live.add(session.id);
    return { body: withMessages(session) };
  };
  const remove = (session: ChatSessionView) => () => {
    live.delete(session.id);
    return { body: { success: true } };
  };
  return fakeChatApi({
    sessions: [first, second],
    messagesBySession,
    routes: {
      'GET /conversation/session/list/org-1/user-1': () => ({ body: { sessions: listed() } }),
      'DELETE /conversation/session/s-1': remove(first),
      'DELETE /conversation/session/s-2': remove(second),
      'POST /conversation/session/s-1/restore': restore(first),
      'POST /conversation/session/s-2/restore': restore(second),
    },
  });
}

const sidebar = () => screen.findByRole('complementary', { name: 'Chat sessions' });
const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));
const restores = (requests: ChatRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/restore'))
    .map((request) => request.path);

async function deleteConfirmed(user: ReturnType<typeof userEvent.setup>, list: HTMLElement, title: string) {
  await user.click(await within(list).findByRole('button', { name: `Delete ${title}` }));
  const confirmation = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
  await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(list).queryByText(title)).toBeNull());
}

describe('undoing a deleted conversation', () => {
  it('brings the open conversation back into the list and opens it again, messages and all', async () => {
    const { requests } = serverWithUndo();
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await waitFor(() => expect(screen.getByText('Question one')).toBeInTheDocument());
    const titles = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const before = titles();

    await deleteConfirmed(user, list, 'First chat...');
    // Deleting the open conversation leaves none open (spec section 3).
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument());
    expect(screen.queryByText('Question one')).toBeNull();
    const toast = await notifications().findByRole('status');
    expect(toast).toHaveTextContent('Chat session deleted');

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await within(list).findByText('First chat...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Question one')).toBeInTheDocument());
    expect(screen.getByText('Answer one')).toBeInTheDocument();
    expect(titles()).toEqual(before);
    expect(restores(requests)).toEqual(['/conversation/session/s-1/restore']);
    expect(notifications().queryByText('Chat session deleted')).toBeNull();
  });

  it('leaves the open conversation open when the one brought back was not', async () => {
    serverWithUndo();
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await waitFor(() => expect(screen.getByText('Question one')).toBeInTheDocument());

    await deleteConfirmed(user, list, 'Second chat...');
    expect(screen.getByText('Question one')).toBeInTheDocument();
    await user.click(within(await notifications().findByRole('status')).getByRole('button', { name: 'Undo' }));
    expect(await within(list).findByText('Second chat...')).toBeInTheDocument();
    expect(screen.getByText('Question one')).toBeInTheDocument();
    expect(screen.queryByText('Question two')).toBeNull();
  });

  it('says so when the conversation can no longer be brought back', async () => {
    serverWithUndo({ restorable: false });
    const user = userEvent.setup();
    renderChat();
    const list = await sidebar();
    await deleteConfirmed(user, list, 'First chat...');
    await user.click(within(await notifications().findByRole('status')).getByRole('button', { name: 'Undo' }));
    expect(await notifications().findByRole('alert')).toHaveTextContent('Failed to restore chat session');
    expect(within(list).queryByText('First chat...')).toBeNull();
  });
});
