import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../gateway';
import { fitHistoryToWindow, replyReserve } from './history-window';

const turn = (role: ChatMessage['role'], words: number): ChatMessage => ({
  role,
  content: Array.from({ length: words }, () => 'word').join(' '),
});

describe('fitHistoryToWindow', () => {
  const conversation = [
    turn('user', 100),
    turn('assistant', 100),
    turn('user', 100),
    turn('assistant', 100),
    turn('user', 10),
  ];

  it.each([
    ['a large window keeps everything', { contextWindow: 100_000, maxOutputTokens: 1_000 }, 5],
    ['a small window keeps the newest turns, starting with the user', { contextWindow: 300, maxOutputTokens: 100 }, 1],
    ['a middling window drops the oldest turns whole', { contextWindow: 500, maxOutputTokens: 200 }, 3],
    ['the prompt itself is always kept', { contextWindow: 20, maxOutputTokens: 10 }, 1],
  ])('%s', (_name, model, expectedCount) => {
    const fitted = fitHistoryToWindow(conversation, model);
    expect(fitted).toHaveLength(expectedCount);
    expect(fitted.at(-1)).toBe(conversation.at(-1));
    expect(fitted[0]!.role).toBe('user');
  });

  it('reserves the maximum output, at most half the window, for the reply', () => {
    expect(replyReserve({ contextWindow: 2048, maxOutputTokens: 512 })).toBe(512);
    expect(replyReserve({ contextWindow: 1000, maxOutputTokens: 4000 })).toBe(500);
  });
});
