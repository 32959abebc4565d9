import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../chat-provider';
import { fitHistory } from './fit-history';

// A stand-in for the chat template: each message costs its length plus 2 marker tokens, plus 1 to prime the reply.
const countPromptTokens = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, message) => sum + message.content.length + 2, 1);

const system: ChatMessage = { role: 'system', content: 'sys' }; // 5 tokens
const turn = (role: 'user' | 'assistant', content: string): ChatMessage => ({ role, content });
const conversation: ChatMessage[] = [
  system,
  turn('user', 'u1........'), // 12 tokens each
  turn('assistant', 'a1........'),
  turn('user', 'u2........'),
  turn('assistant', 'a2........'),
  turn('user', 'u3........'),
];

function fit(messages: readonly ChatMessage[], tokenBudget: number, maxOutputTokens = 10, minimumOutputTokens = 4) {
  return fitHistory(messages, { tokenBudget, maxOutputTokens, minimumOutputTokens, countPromptTokens });
}

const contents = (messages: readonly ChatMessage[] | undefined) =>
  messages?.map((message) => message.content.slice(0, 3));

describe('fitHistory', () => {
  it.each([
    // budget: prompt (1 + 5 + 12 per turn) plus the 10-token reply
    ['everything fits', 200, ['sys', 'u1.', 'a1.', 'u2.', 'a2.', 'u3.'], 66, 10],
    ['room for the system prompt and three turns', 1 + 5 + 36 + 10, ['sys', 'u2.', 'a2.', 'u3.'], 42, 10],
    ['room for two turns: a reply to nothing is dropped too', 1 + 5 + 24 + 10, ['sys', 'u3.'], 18, 10],
    ['room for the newest turn only', 1 + 5 + 12 + 10, ['sys', 'u3.'], 18, 10],
    ['less than the reply wants: the reply is shortened', 1 + 5 + 12 + 6, ['sys', 'u3.'], 18, 6],
  ])('%s', (_case, budget, expectedContents, expectedPromptTokens, expectedMaxOutput) => {
    const fitted = fit(conversation, budget);
    expect(contents(fitted?.messages)).toEqual(expectedContents);
    expect(fitted?.promptTokens).toBe(expectedPromptTokens);
    expect(fitted?.maxOutputTokens).toBe(expectedMaxOutput);
  });

  it('gives up when the system prompt and newest message leave too little for a reply', () => {
    expect(fit(conversation, 1 + 5 + 12 + 3)).toBeUndefined();
  });

  it('keeps every leading system message, and a later one as an ordinary turn', () => {
    const messages = [
      system,
      { role: 'system' as const, content: 'two' },
      turn('user', 'old'),
      { role: 'system' as const, content: 'mid' },
      turn('user', 'new'),
    ];
    expect(contents(fit(messages, 1 + 5 + 5 + 5 + 5 + 10)?.messages)).toEqual(['sys', 'two', 'mid', 'new']);
  });

  it('fits a conversation without a system prompt', () => {
    expect(contents(fit(conversation.slice(1), 1 + 24 + 10)?.messages)).toEqual(['u3.']);
  });

  it('measures a long conversation a logarithmic number of times', () => {
    const long = [
      system,
      ...Array.from({ length: 1000 }, (_, index) =>
        turn(index % 2 === 0 ? 'user' : 'assistant', `m${index}`.padEnd(10, '.')),
      ),
    ];
    const counter = vi.fn(countPromptTokens);
    const fitted = fitHistory(long, {
      tokenBudget: 1 + 5 + 12 * 101 + 10,
      maxOutputTokens: 10,
      minimumOutputTokens: 4,
      countPromptTokens: counter,
    });
    // 101 turns fit, but the oldest of them is an assistant turn.
    expect(fitted?.messages).toHaveLength(1 + 100);
    expect(fitted?.messages[1]?.role).toBe('user');
    expect(counter.mock.calls.length).toBeLessThan(15);
  });
});
