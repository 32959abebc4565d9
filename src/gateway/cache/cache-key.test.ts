import { describe, expect, it } from 'vitest';
import { cacheKeyFor, type CacheRequest } from './cache-key';
import { normalisePrompt } from './normalise-prompt';

const request: CacheRequest = {
  prompt: 'What is the capital of France?',
  contextMessages: [],
  systemPrompt: 'You are helpful.',
  modelClass: 'tier-2',
};

describe('prompt normalisation', () => {
  it.each([
    ['  What is   the capital of\nFrance?  ', 'what is the capital of france'],
    ['What’s “this”?!', 'what\'s "this"'],
    ['Tell me a joke.', 'tell me a joke'],
    ['Hello , world', 'hello, world'],
  ])('folds %j to %j', (prompt, normalised) => {
    expect(normalisePrompt(prompt)).toBe(normalised);
  });

  it('keeps fenced code as written', () => {
    const prompt = 'Fix THIS:\n```python\nif x:\n    Return  1\n```';
    expect(normalisePrompt(prompt)).toBe('fix this:\n```python\nif x:\n    Return  1\n```');
  });
});

describe('cache keys', () => {
  it('gives the same keys for prompts that differ only in case, spacing and closing punctuation', () => {
    const key = cacheKeyFor(request);
    expect(cacheKeyFor({ ...request, prompt: 'what is the  capital of France' })).toEqual(key);
    expect(key.exactKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the exact key, not the scope, when the prompt changes', () => {
    const key = cacheKeyFor(request);
    const other = cacheKeyFor({ ...request, prompt: 'What is the capital of Spain?' });
    expect(other.scopeKey).toBe(key.scopeKey);
    expect(other.exactKey).not.toBe(key.exactKey);
  });

  it.each<[string, Partial<CacheRequest>]>([
    [
      'the conversation context',
      {
        contextMessages: [
          { role: 'user', content: 'Talk like a pirate' },
          { role: 'assistant', content: 'Arr!' },
        ],
      },
    ],
    [
      'an assistant turn of the context',
      {
        contextMessages: [
          { role: 'user', content: 'Talk like a pirate' },
          { role: 'assistant', content: 'No.' },
        ],
      },
    ],
    ['the system prompt', { systemPrompt: 'Answer in French.' }],
    ['the model class', { modelClass: 'tier-3' }],
  ])('changes both keys when %s changes', (_, change) => {
    const key = cacheKeyFor(request);
    const changed = cacheKeyFor({ ...request, ...change });
    expect(changed.scopeKey).not.toBe(key.scopeKey);
    expect(changed.exactKey).not.toBe(key.exactKey);
  });

  it('tells a role change in the context apart from the same text', () => {
    const asUser = cacheKeyFor({ ...request, contextMessages: [{ role: 'user', content: 'Hi' }] });
    const asAssistant = cacheKeyFor({ ...request, contextMessages: [{ role: 'assistant', content: 'Hi' }] });
    expect(asUser.scopeKey).not.toBe(asAssistant.scopeKey);
  });
});
