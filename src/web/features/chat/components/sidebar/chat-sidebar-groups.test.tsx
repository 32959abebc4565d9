import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

const dayMs = 24 * 60 * 60 * 1000;
function daysAgo(days: number): string {
  return new Date(Date.now() - days * dayMs).toISOString();
}

describe('chat sidebar date groups', () => {
  it('puts each session under its date heading, newest first', async () => {
    fakeChatApi({
      sessions: [
        makeSession({ id: 's-old', title: 'Old plans', created_at: '2025-01-15T12:00:00.000Z' }),
        makeSession({ id: 's-week', title: 'Three days back', created_at: daysAgo(3) }),
        makeSession({ id: 's-today', title: 'Fresh chat', created_at: daysAgo(0) }),
        makeSession({ id: 's-yesterday', title: 'Yesterday chat', created_at: daysAgo(1) }),
        makeSession({ id: 's-month', title: 'Two weeks back', created_at: daysAgo(14) }),
      ],
    });
    renderChat();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    await within(list).findByText('Fresh chat');
    const headings = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', 'January 2025']);
    const groupOf = (title: string) =>
      within(list).getByText(title).closest('section')?.querySelector('h3')?.textContent;
    expect(groupOf('Fresh chat')).toBe('Today');
    expect(groupOf('Yesterday chat')).toBe('Yesterday');
    expect(groupOf('Three days back')).toBe('Previous 7 days');
    expect(groupOf('Two weeks back')).toBe('Previous 30 days');
    expect(groupOf('Old plans')).toBe('January 2025');
  });

  it('shows an empty state when there are no conversations', async () => {
    fakeChatApi({ sessions: [] });
    renderChat();
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    expect(await within(sidebar).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(sidebar).queryByRole('navigation', { name: 'Conversations' })).toBeNull();
  });
});
