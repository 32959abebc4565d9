import { z } from 'zod';
import { pricePerTokenOf } from '../../money';

/** Providers the gateway can reach; 'local' is the embedded model that needs no API key. */
export const providerNames = ['openai', 'anthropic', 'google', 'openai-compatible', 'local'] as const;
export type ProviderName = (typeof providerNames)[number];

/** 1 small and cheap, 2 general purpose, 3 frontier or reasoning. */
const capabilityTiers = [1, 2, 3] as const;
export type CapabilityTier = (typeof capabilityTiers)[number];

/** A price per million tokens with at most 6 decimals is a whole number of picodollars per token (docs/decisions/063). */
export function isWholePicodollarsPerToken(usdPerMillion: number): boolean {
  try {
    pricePerTokenOf(usdPerMillion);
    return true;
  } catch {
    return false;
  }
}

const pricePerMillion = z.number().min(0).refine(isWholePicodollarsPerToken, { error: 'at most 6 decimals' });

/**
 * One model of the catalog. Prices are USD per million tokens as the provider lists them on
 * `pricesAsOf`; they are data to be checked and versioned, never constants in code.
 */
const catalogModelSchema = z
  .object({
    id: z.string().regex(/^[a-z-]+\/[\w.:-]+$/, { error: 'must look like provider/model' }),
    provider: z.enum(providerNames),
    providerModelId: z.string().min(1),
    displayName: z.string().min(1),
    contextWindow: z.number().int().positive(),
    maxOutputTokens: z.number().int().positive(),
    inputPricePerMillion: pricePerMillion,
    outputPricePerMillion: pricePerMillion,
    cachedInputPricePerMillion: pricePerMillion.optional(),
    tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    acceptsTemperature: z.boolean(),
    pricesAsOf: z.iso.date(),
    priceNote: z.string().optional(),
  })
  .refine((model) => model.id.startsWith(`${model.provider}/`), { error: 'id must start with its provider' })
  .refine((model) => model.maxOutputTokens <= model.contextWindow, { error: 'max output exceeds the context window' });

export type CatalogModel = z.infer<typeof catalogModelSchema>;

/** A whole catalog: unique ids. Use it to validate a catalog loaded from a file or a database. */
export const modelCatalogSchema = z
  .array(catalogModelSchema)
  .refine((models) => new Set(models.map((model) => model.id)).size === models.length, {
    error: 'model ids must be unique',
  });
