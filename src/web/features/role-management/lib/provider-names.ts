import type { KeyedProvider } from '@contracts';

/** Providers as people name them. */
export const providerNames: Record<KeyedProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google Gemini',
  'openai-compatible': 'OpenAI-compatible server',
};

/** Where an organisation adds its own provider keys: the Organization page's Provider Keys card. */
export const providerKeysPath = '/admin/organization#provider-keys';

/** What a model no key reaches yet needs, in a few words. */
export function needsKeyText(provider: KeyedProvider | null): string {
  return provider ? `Needs a ${providerNames[provider]} key` : 'Not available on this server';
}
