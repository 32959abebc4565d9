import { describe, expect, it } from 'vitest';
import { resolveInstanceCredentials } from './credentials';

describe('resolveInstanceCredentials', () => {
  it.each([
    ['an empty environment', {}, {}],
    ['an OpenAI key', { OPENAI_API_KEY: 'sk-1' }, { openai: { apiKey: 'sk-1' } }],
    [
      'an OpenAI key and base URL',
      { OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://proxy/v1' },
      { openai: { apiKey: 'sk-1', baseURL: 'http://proxy/v1' } },
    ],
    ['a base URL without its key', { OPENAI_BASE_URL: 'http://proxy/v1', ANTHROPIC_BASE_URL: 'http://proxy' }, {}],
    [
      'an Anthropic key and base URL',
      { ANTHROPIC_API_KEY: 'ak', ANTHROPIC_BASE_URL: 'http://a/v1' },
      { anthropic: { apiKey: 'ak', baseURL: 'http://a/v1' } },
    ],
    ['a Google key', { GOOGLE_GENERATIVE_AI_API_KEY: 'gk' }, { google: { apiKey: 'gk' } }],
    [
      'a compatible server without key',
      { OPENAI_COMPATIBLE_BASE_URL: 'http://llm:8000/v1' },
      { 'openai-compatible': { baseURL: 'http://llm:8000/v1' } },
    ],
    [
      'a compatible server with key',
      { OPENAI_COMPATIBLE_BASE_URL: 'http://llm:8000/v1', OPENAI_COMPATIBLE_API_KEY: 'ck' },
      { 'openai-compatible': { baseURL: 'http://llm:8000/v1', apiKey: 'ck' } },
    ],
    ['a compatible key without server', { OPENAI_COMPATIBLE_API_KEY: 'ck' }, {}],
    [
      'empty and blank values as unset',
      { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '   ', GOOGLE_GENERATIVE_AI_API_KEY: undefined },
      {},
    ],
    ['surrounding spaces trimmed', { OPENAI_API_KEY: ' sk-1 \n' }, { openai: { apiKey: 'sk-1' } }],
  ])('resolves %s', (_name, environment, expected) => {
    expect(resolveInstanceCredentials(environment)).toEqual(expected);
  });

  it('resolves every provider at once', () => {
    const credentials = resolveInstanceCredentials({
      OPENAI_API_KEY: 'sk',
      ANTHROPIC_API_KEY: 'ak',
      GOOGLE_GENERATIVE_AI_API_KEY: 'gk',
      OPENAI_COMPATIBLE_BASE_URL: 'http://llm/v1',
      UNRELATED: 'x',
    });
    expect(Object.keys(credentials).sort()).toEqual(['anthropic', 'google', 'openai', 'openai-compatible']);
  });
});
