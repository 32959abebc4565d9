import { z } from 'zod';

/**
 * An organisation's semantic-cache settings. The defaults are the ones measured in
 * docs/benchmarks/cache.md; `cache:score` and the product's lookup both read them from here.
 */
const cacheSettingsSchema = z.object({
  /** Off: no lookup and no storing for the organisation. */
  enabled: z.boolean(),
  /** Cosine similarity (embedded encoder) at or above which a stored prompt is a candidate. */
  similarityThreshold: z.number().min(0.5).max(1),
  /** How long a stored reply may be served, in seconds. */
  ttlSeconds: z.number().int().positive(),
  /** Entries kept per organisation; the least recently used go first. */
  maxEntries: z.number().int().positive(),
});

export type CacheSettings = z.infer<typeof cacheSettingsSchema>;

export const defaultCacheSettings: Readonly<CacheSettings> = Object.freeze({
  enabled: true,
  similarityThreshold: 0.76,
  ttlSeconds: 7 * 24 * 60 * 60,
  maxEntries: 10_000,
});

/** Fills an organisation's partial settings with the defaults and validates the result. */
export function resolveCacheSettings(overrides: Partial<CacheSettings> = {}): CacheSettings {
  return cacheSettingsSchema.parse({ ...defaultCacheSettings, ...overrides });
}
