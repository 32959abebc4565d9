import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMessage, makeSession } from '../../test/chat-fixtures';
import { fakeChatApi } from '../../test/fake-chat-api';
import { renderChat } from '../../test/render-chat';
import { formatExactTime } from '../../lib/relative-time';
import { MessageTime } from './message-time';

describe('message timestamps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads relative on every message, with the exact time as the tooltip', async () => {
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
    const longAgo = '2025-03-04T09:15:00.000Z';
    fakeChatApi({
      sessions: [makeSession({ id: 's-1' })],
      messagesBySession: {
        's-1': [
          makeMessage({ id: 'm-1', session_id: 's-1', content: 'An old question', created_at: longAgo }),
          makeMessage({
            id: 'm-2',
            session_id: 's-1',
            role: 'assistant',
            content: 'A fresh answer',
            created_at: twoMinutesAgo,
          }),
        ],
      },
    });
    renderChat();
    const reply = (await screen.findByText('A fresh answer')).closest('article')!;
    const replyTime = reply.querySelector('time')!;
    expect(replyTime).toHaveTextContent('2 min ago');
    expect(replyTime).toHaveAttribute('title', formatExactTime(new Date(twoMinutesAgo)));
    expect(replyTime).toHaveAttribute('dateTime', twoMinutesAgo);
    const question = screen.getByRole('article', { name: 'Your message' });
    expect(within(question).getByText('Mar 4, 2025')).toHaveAttribute('title', formatExactTime(new Date(longAgo)));
  });

  it('moves on as time passes', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2026, 4, 20, 12, 0, 0));
    render(<MessageTime timestamp={new Date(2026, 4, 20, 12, 0, 0).toISOString()} />);
    expect(screen.getByText('just now')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(90_000));
    expect(screen.getByText('1 min ago')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByText('1 h ago')).toBeInTheDocument();
  });
});
