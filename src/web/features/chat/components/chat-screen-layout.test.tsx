import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

function useNarrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 767px'),
  })) as typeof window.matchMedia;
}

function swipe(element: Element, fromX: number, toX: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: 100 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: toX, clientY: 105 }] });
}

describe('chat screen: layout', () => {
  const originalOpen = window.open;
  afterEach(() => {
    window.open = originalOpen;
  });

  it('under 768 px the sidebar starts closed, opens full screen with a right swipe and closes with a left swipe', async () => {
    useNarrowScreen();
    fakeChatApi({ sessions: [makeSession({ id: 's-1', title: 'Mobile chat...' })] });
    renderChat();
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull();
    swipe(conversation, 20, 200);
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    expect(sidebar).toHaveClass('fixed', 'inset-0', 'w-full');
    swipe(sidebar, 300, 40);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull());
  });

  it('ignores short or mostly vertical swipes', async () => {
    useNarrowScreen();
    fakeChatApi();
    renderChat();
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    swipe(conversation, 20, 60);
    fireEvent.touchStart(conversation, { touches: [{ clientX: 20, clientY: 0 }] });
    fireEvent.touchEnd(conversation, { changedTouches: [{ clientX: 120, clientY: 300 }] });
    expect(screen.queryByRole('complementary', { name: 'Chat sessions' })).toBeNull();
  });

  it('exports a session by opening the returned signed url in a new tab, fetching nothing itself', async () => {
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const signedUrl =
      '/api/conversation/session/s-1/export/download?format=markdown&org=o&user=u&expires=1&signature=abc';
    const { requests } = fakeChatApi({
      sessions: [makeSession({ id: 's-1', title: 'Export me...' })],
      routes: { 'GET /conversation/session/s-1/export': () => ({ body: { url: signedUrl } }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Export Export me...' }));
    await waitFor(() => expect(tab.location.href).toBe(signedUrl));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(requests.some((request) => request.path.includes('/export/download'))).toBe(false);
  });

  it('closes the new tab when the export call fails', async () => {
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fakeChatApi({
      sessions: [makeSession({ id: 's-1', title: 'Export me...' })],
      routes: {
        'GET /conversation/session/s-1/export': () => ({
          status: 404,
          body: { code: 'not_found', message: 'Chat session not found' },
        }),
      },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Export Export me...' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Failed to export chat session')).toBeInTheDocument());
  });
});
