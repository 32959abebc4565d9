import { describe, expect, it } from 'vitest';
import { modelCatalog } from '../catalog/model-catalog';
import type { ProviderCredentials } from './credentials';
import { resolveInstanceCredentials } from './credentials';
import { isProviderAvailable, listAvailableModels } from './model-availability';

function providersOf(credentials: ProviderCredentials, localModelEnabled = false): string[] {
  return [
    ...new Set(listAvailableModels(modelCatalog, credentials, { localModelEnabled }).map((model) => model.provider)),
  ];
}

describe('listAvailableModels', () => {
  it.each([
    ['no credentials and the local model off', {}, false, []],
    ['only the local model on', {}, true, ['local']],
    ['an OpenAI key', { OPENAI_API_KEY: 'sk' }, false, ['openai']],
    ['an Anthropic key', { ANTHROPIC_API_KEY: 'ak' }, false, ['anthropic']],
    ['a Google key', { GOOGLE_GENERATIVE_AI_API_KEY: 'gk' }, false, ['google']],
    [
      'all keys and the local model',
      { OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'ak', GOOGLE_GENERATIVE_AI_API_KEY: 'gk' },
      true,
      ['openai', 'anthropic', 'google', 'local'],
    ],
  ])('with %s', (_name, environment, localModelEnabled, expectedProviders) => {
    expect(providersOf(resolveInstanceCredentials(environment), localModelEnabled)).toEqual(expectedProviders);
  });

  it('offers the local model to a fresh install with no keys and no options', () => {
    expect(listAvailableModels(modelCatalog, {}).map((model) => model.id)).toEqual(['local/tinyllama-1.1b-chat']);
  });

  it('lists every Google model once a Google key is set, in catalog order', () => {
    const ids = listAvailableModels(modelCatalog, { google: { apiKey: 'gk' } }, { localModelEnabled: false }).map(
      (model) => model.id,
    );
    expect(ids).toEqual(['google/gemini-2.0-flash', 'google/gemini-2.5-flash', 'google/gemini-2.5-pro']);
  });

  it('offers OpenAI-compatible models of a deployment catalog only with a compatible server', () => {
    const selfHosted = {
      ...modelCatalog[0]!,
      id: 'openai-compatible/llama-3.1-8b',
      provider: 'openai-compatible' as const,
      providerModelId: 'llama-3.1-8b',
    };
    const catalog = [...modelCatalog, selfHosted];
    const localOff = { localModelEnabled: false };
    expect(listAvailableModels(catalog, { openai: { apiKey: 'sk' } }, localOff).map((model) => model.id)).not.toContain(
      selfHosted.id,
    );
    expect(
      listAvailableModels(catalog, { 'openai-compatible': { baseURL: 'http://llm/v1' } }, localOff).map(
        (model) => model.id,
      ),
    ).toEqual([selfHosted.id]);
  });
});

describe('isProviderAvailable', () => {
  it.each([
    ['openai', { openai: { apiKey: 'sk' } }, {}, true],
    ['openai', { anthropic: { apiKey: 'ak' } }, {}, false],
    ['local', {}, {}, true],
    ['local', {}, { localModelEnabled: true }, true],
    ['local', {}, { localModelEnabled: false }, false],
    ['local', { openai: { apiKey: 'sk' } }, { localModelEnabled: false }, false],
  ] as const)('%s with %j and %j: %s', (provider, credentials, options, expected) => {
    expect(isProviderAvailable(provider, credentials, options)).toBe(expected);
  });
});
