import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateMessagesTokens, type ChatMessage } from '../../gateway';
import { replyReserve } from '../usage/reply-reserve';
import { fitHistoryToWindow } from './history-window';

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
  ])('%s', async (_name, model, expectedCount) => {
    const fitted = await fitHistoryToWindow(conversation, model);
    expect(fitted).toHaveLength(expectedCount);
    expect(fitted.at(-1)).toBe(conversation.at(-1));
    expect(fitted[0]!.role).toBe('user');
  });

  it('reserves the maximum output, at most half the window, for the reply', () => {
    expect(replyReserve({ contextWindow: 2048, maxOutputTokens: 512 })).toBe(512);
    expect(replyReserve({ contextWindow: 1000, maxOutputTokens: 4000 })).toBe(500);
  });

  it('keeps what re-estimating each longer candidate kept, counting each turn once', async () => {
    // The rule as it was written before (issue 20): every step re-counted all the turns kept so far.
    const reference = (history: readonly ChatMessage[], budget: number) => {
      const kept: ChatMessage[] = [];
      for (let index = history.length - 1; index >= 0; index -= 1) {
        if (kept.length > 0 && estimateMessagesTokens([history[index]!, ...kept]) > budget) break;
        kept.unshift(history[index]!);
      }
      while (kept.length > 1 && kept[0]!.role === 'assistant') kept.shift();
      return kept;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('user', 'assistant' as const), fc.integer({ min: 0, max: 80 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 10, max: 600 }),
        async (turns, contextWindow) => {
          const history = turns.map(([role, words]) => turn(role as ChatMessage['role'], words));
          const model = { contextWindow, maxOutputTokens: 5 };
          expect(await fitHistoryToWindow(history, model)).toEqual(reference(history, contextWindow - 5));
        },
      ),
      { numRuns: 300 },
    );
  });
});
