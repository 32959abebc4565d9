import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

function useNarrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
}

function swipe(element: Element, fromX: number, toX: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: 100 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: toX, clientY: 105 }] });
}

describe('chat screen: layout', () => {
  const originalCreateObjectUrl = URL.createObjectURL;
  afterEach(() => {
    URL.createObjectURL = originalCreateObjectUrl;
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

  it('exports a session by fetching its file with the bearer token and opening it in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:export-1');
    const downloadPath = '/conversation/session/s-1/export/download?format=markdown';
    const { requests } = fakeChatApi({
      sessions: [makeSession({ id: 's-1', title: 'Export me...' })],
      routes: {
        'GET /conversation/session/s-1/export': () => ({ body: { url: `/api${downloadPath}` } }),
        [`GET ${downloadPath}`]: () => new Response('# Export me', { headers: { 'Content-Type': 'text/markdown' } }),
      },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Export Export me...' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:export-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(requests.find((request) => request.path === downloadPath)?.authorization).toBe('Bearer access-1');
  });
});
