import { z } from 'zod';

/** Providers an organisation can bring its own key for (the local model needs none). */
export const keyedProviders = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type KeyedProvider = (typeof keyedProviders)[number];

/**
 * PUT /org/{orgId}/provider-keys/{provider} (organisation admins). An OpenAI-compatible server
 * needs `base_url` and may have no key; the others need `api_key`. Stored encrypted.
 */
export const setProviderKeyRequestSchema = z.object({
  api_key: z.string().trim().min(8, { error: 'API key is too short' }).max(500).optional(),
  base_url: z.url({ protocol: /^https?$/, error: 'Base URL must be an http(s) URL' }).max(500).optional(),
});
export type SetProviderKeyRequest = z.infer<typeof setProviderKeyRequestSchema>;

/** What is ever shown of a stored key: its provider, last four characters and base URL. */
export const providerKeyViewSchema = z.object({
  provider: z.enum(keyedProviders),
  key_hint: z.string().nullable(),
  base_url: z.string().nullable(),
  updated_at: z.string(),
});
export type ProviderKeyView = z.infer<typeof providerKeyViewSchema>;
