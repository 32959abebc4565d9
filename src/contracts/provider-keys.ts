import { z } from 'zod';
import { organisationIdSchema } from './ids';
import { text } from './text-rules';

/** Providers an organisation can bring its own key for (the local model needs none). */
export const keyedProviders = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type KeyedProvider = (typeof keyedProviders)[number];

/**
 * PUT /org/{orgId}/provider-keys/{provider} (organisation admins). An OpenAI-compatible server
 * needs `base_url` and may have no key; the others need `api_key`. Stored encrypted.
 */
export const setProviderKeyRequestSchema = z.object({
  // Keys go out in an HTTP header, which takes no characters beyond Latin-1: ours are printable ASCII.
  api_key: text({ label: 'API key', max: 500 })
    .min(8, { error: 'API key is too short' })
    .regex(/^[\x21-\x7e]*$/, { error: 'API key may contain only printable ASCII characters, without spaces' })
    .optional(),
  base_url: text({ label: 'Base URL', max: 500 })
    .pipe(z.url({ protocol: /^https?$/, error: 'Base URL must be an http(s) URL' }))
    .optional(),
});
export type SetProviderKeyRequest = z.infer<typeof setProviderKeyRequestSchema>;

/** /org/{orgId}/provider-keys/{provider}: an unknown provider is a 404, like any unknown path. */
export const providerKeyPathSchema = z.object({ orgId: organisationIdSchema, provider: z.string().max(100) });
export const providerKeysPathSchema = z.object({ orgId: organisationIdSchema });

/** What is ever shown of a stored key: its provider, last four characters and base URL. */
export const providerKeyViewSchema = z.object({
  provider: z.enum(keyedProviders),
  key_hint: z.string().nullable(),
  base_url: z.string().nullable(),
  updated_at: z.string(),
});
export type ProviderKeyView = z.infer<typeof providerKeyViewSchema>;
export const providerKeyListSchema = z.object({ keys: z.array(providerKeyViewSchema) });
