import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMessage, makeSession } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

function useScreen(narrow: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: narrow && query.includes('max-width: 767px'),
  })) as typeof window.matchMedia;
}

const sessions = [makeSession({ id: 's-1', title: 'Trip to Lisbon...' })];
const messagesBySession = { 's-1': [makeMessage({ id: 'm-1', session_id: 's-1', content: 'Plan a trip' })] };

describe('chat screen: the header on a phone', () => {
  it('under 768 px shows the menu, the conversation title and New Chat', async () => {
    useScreen(true);
    fakeChatApi({ sessions, messagesBySession });
    const user = userEvent.setup();
    renderChat();
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(
      await within(conversation).findByRole('heading', { level: 1, name: 'Trip to Lisbon...' }),
    ).toBeInTheDocument();

    await user.click(within(conversation).getByRole('button', { name: 'New Chat' }));
    expect(screen.getByRole('heading', { name: 'Start a new conversation' })).toBeInTheDocument();
    expect(within(conversation).getByRole('heading', { level: 1, name: 'New Chat' })).toBeInTheDocument();

    await user.click(within(conversation).getByRole('button', { name: 'Open sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Chat sessions' })).toBeInTheDocument();
    // The sidebar covers the screen; the header is not drawn under it, and the page keeps its one
    // level-one heading for screen readers.
    expect(screen.queryAllByRole('button', { name: 'Open sidebar' })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'New Chat' })).toHaveClass('sr-only');
  });

  it('is not shown on a wide screen, where the sidebar holds New Chat; the title is still the level-one heading', async () => {
    useScreen(false);
    fakeChatApi({ sessions, messagesBySession });
    renderChat();
    await waitFor(() => expect(screen.getByText('Plan a trip')).toBeInTheDocument());
    expect(screen.queryAllByRole('button', { name: 'Open sidebar' })).toHaveLength(0);
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    // axe's page-has-heading-one: /chat had none on a wide screen.
    expect(within(conversation).getByRole('heading', { level: 1, name: 'Trip to Lisbon...' })).toHaveClass('sr-only');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
