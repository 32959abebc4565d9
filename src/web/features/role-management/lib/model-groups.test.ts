import { describe, expect, it } from 'vitest';
import { fallbackModelName, modelGroupOf } from './model-groups';

describe('modelGroupOf (the role form groups)', () => {
  it.each([
    ['openai/gpt-4o', 'GPT-4'],
    ['openai/gpt-4o-mini', 'GPT-4'],
    ['openai/gpt-4.1-nano', 'GPT-4'],
    ['openai/gpt-3.5-turbo', 'GPT-3.5'],
    ['anthropic/claude-3-5-haiku-latest', 'Claude'],
    ['anthropic/claude-opus-4', 'Claude'],
    ['google/gemini-2.5-pro', 'PaLM/Gemini'],
    ['google/chat-bison', 'PaLM/Gemini'],
    ['openai/text-embedding-3-small', 'Embedding'],
    ['google/text-embedding-004', 'Embedding'],
    ['openai/dall-e-3', 'Image'],
    ['openai/gpt-image-1', 'Image'],
    ['openai/o4-mini', 'Other'],
    ['local/tinyllama-1.1b-chat', 'Other'],
    ['openai-compatible/meta/llama-3.1-8b', 'Other'],
  ])('puts %s in %s', (modelId, group) => {
    expect(modelGroupOf(modelId)).toBe(group);
  });

  it('names an unnamed model by the part after its provider', () => {
    expect(fallbackModelName('google/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(fallbackModelName('openai-compatible/meta/llama')).toBe('meta/llama');
  });
});
