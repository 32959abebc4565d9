import type { ConversationSearchResult } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage, makeSession } from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

const sessions = [
  makeSession({ id: 's-1', title: 'Recent chat' }),
  makeSession({ id: 's-2', title: 'Garden plans', created_at: '2025-12-01T10:00:00.000Z' }),
];
const messagesBySession = {
  's-1': [makeMessage({ id: 'm-1', session_id: 's-1', content: 'Hello' })],
  's-2': [
    makeMessage({ id: 'm-2', session_id: 's-2', content: 'What should I plant?' }),
    makeMessage({ id: 'm-3', session_id: 's-2', role: 'assistant', content: 'Try zucchini, it grows fast.' }),
    makeMessage({ id: 'm-4', session_id: 's-2', content: 'Thanks' }),
  ],
};

function hit(overrides: Partial<ConversationSearchResult>): ConversationSearchResult {
  return {
    session_id: 's-2',
    session_title: 'Garden plans',
    message_id: 'm-3',
    role: 'assistant',
    snippet: 'Try zucchini, it grows fast.',
    created_at: '2025-12-01T10:00:00.000Z',
    ...overrides,
  };
}

const originalScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = originalScroll;
});

describe('chat sidebar search', () => {
  it('searches as one types, shows the matching snippet and opens the conversation at the message', async () => {
    const scrolled: Element[] = [];
    // jsdom does no layout and has no scrollIntoView: record which element asked to be shown.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const searches: string[] = [];
    fakeChatApi({
      sessions,
      messagesBySession,
      search: (text, page) => {
        searches.push(text);
        return { results: text === 'zucchini' ? [hit({})] : [], page, limit: 20, has_more: false };
      },
    });
    const user = userEvent.setup();
    renderChat();
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    await screen.findByText('Hello');
    await user.type(within(sidebar).getByRole('searchbox', { name: 'Search conversations' }), 'zucchini');
    const results = await within(sidebar).findByRole('list', { name: 'Search results' });
    // Typing pauses before a request: one search, not one per keystroke.
    expect(searches).toEqual(['zucchini']);
    expect(within(results).getByText('Garden plans')).toBeInTheDocument();
    expect(within(results).getByText('zucchini', { selector: 'mark' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('navigation', { name: 'Conversations' })).toBeNull();

    await user.click(within(results).getByRole('button', { name: /Garden plans/ }));
    const reply = await screen.findByText('Try zucchini, it grows fast.');
    const bubble = reply.closest('article')!;
    await waitFor(() => expect(scrolled).toContain(bubble));
    expect(bubble).toHaveAttribute('aria-current', 'true');
    // Scrolled to the message, not then to the end of the conversation.
    expect(scrolled.at(-1)).toBe(bubble);
  });

  it('says when nothing matches, and Escape in the box brings the list back', async () => {
    fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    const box = within(sidebar).getByRole('searchbox', { name: 'Search conversations' });
    await user.type(box, 'nothing here');
    expect(await within(sidebar).findByText('No conversations match “nothing here”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(await within(sidebar).findByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('loads the next page when more results follow', async () => {
    fakeChatApi({
      sessions,
      messagesBySession,
      search: (_text, page) =>
        page === 1
          ? { results: [hit({ message_id: 'm-3', snippet: 'first page plant' })], page, limit: 1, has_more: true }
          : {
              results: [hit({ message_id: 'm-2', role: 'user', snippet: 'second page plant' })],
              page,
              limit: 1,
              has_more: false,
            },
    });
    const user = userEvent.setup();
    renderChat();
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    await user.type(within(sidebar).getByRole('searchbox', { name: 'Search conversations' }), 'plant');
    await within(sidebar).findByText('first page', { exact: false });
    await user.click(within(sidebar).getByRole('button', { name: 'Load more results' }));
    expect(await within(sidebar).findByText('second page', { exact: false })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('button', { name: 'Load more results' })).toBeNull();
  });

  it('under 768 px keeps the search when the sidebar closes on opening a result', async () => {
    const originalMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia(query),
      matches: query.includes('max-width: 767px'),
    })) as typeof window.matchMedia;
    try {
      fakeChatApi({
        sessions,
        messagesBySession,
        search: (_text, page) => ({ results: [hit({})], page, limit: 20, has_more: false }),
      });
      const user = userEvent.setup();
      renderChat();
      await user.click(await screen.findByRole('button', { name: 'Open sidebar' }));
      const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
      await user.type(within(sidebar).getByRole('searchbox', { name: 'Search conversations' }), 'zucchini');
      await user.click(await within(sidebar).findByRole('button', { name: /Garden plans/ }));
      await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
      const reopened = await screen.findByRole('complementary', { name: 'Chat sessions' });
      expect(within(reopened).getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('zucchini');
      expect(await within(reopened).findByRole('list', { name: 'Search results' })).toBeInTheDocument();
    } finally {
      window.matchMedia = originalMatchMedia;
    }
  });
});
