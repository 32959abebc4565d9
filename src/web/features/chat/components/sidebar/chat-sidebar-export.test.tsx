import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';

const markdownUrl = '/api/conversation/session/s-1/export/download?format=markdown&signature=md';
const jsonUrl = '/api/conversation/session/s-1/export/download?format=json&signature=js';
const links = {
  url: markdownUrl,
  markdown_url: markdownUrl,
  json_url: jsonUrl,
  expires_at: '2026-01-02T10:05:00.000Z',
};

describe('chat sidebar export in both formats', () => {
  const originalOpen = window.open;
  afterEach(() => {
    window.open = originalOpen;
  });

  it.each([
    ['Export Export me...', markdownUrl],
    ['Export as JSON: Export me...', jsonUrl],
  ])('%s opens its signed link in a new tab', async (button, expectedUrl) => {
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fakeChatApi({
      sessions: [makeSession({ id: 's-1', title: 'Export me...' })],
      routes: { 'GET /conversation/session/s-1/export': () => ({ body: links }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(tab.location.href).toBe(expectedUrl));
    expect(tab.opener).toBeNull();
  });

  it('closes the tab and says so when no JSON link comes back', async () => {
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fakeChatApi({
      sessions: [makeSession({ id: 's-1', title: 'Export me...' })],
      routes: { 'GET /conversation/session/s-1/export': () => ({ body: { url: markdownUrl } }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Export as JSON: Export me...' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Failed to export chat session')).toBeInTheDocument());
    expect(tab.location.href).toBe('');
  });
});
