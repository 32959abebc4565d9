import { catalogTokenPrices, embeddingModelCatalog, modelCatalog, type PricedModel } from '../../gateway';

/** The date the seed's prices apply from: the start of time for the books, as the catalog charged from the first call. */
const seedEffectiveFrom = '1970-01-01T00:00:00Z';
const seedSource = 'catalog seed';

/** A priced model of the built-in catalog: every chat and embedding model but the free local ones. */
function seededModels(): (PricedModel & { provider: string })[] {
  return [...modelCatalog, ...embeddingModelCatalog].filter((model) => model.provider !== 'local');
}

/** Version 1 of each catalog model's prices, in picodollars per token, exactly as `catalogTokenPrices` reads them. */
export function catalogSeedRows(): { modelId: string; input: bigint; cachedInput: bigint; output: bigint }[] {
  return seededModels().map((model) => {
    const prices = catalogTokenPrices(model);
    return { modelId: model.id, input: prices.input, cachedInput: prices.cachedInput, output: prices.output };
  });
}

/** The INSERT statements migration 0044 carries after its hand-written line (printed by `npm run prices:seed-sql`). */
export function catalogSeedSql(): string {
  const values = catalogSeedRows().map(
    (row) =>
      `  ('${row.modelId}', 1, ${row.input}, ${row.cachedInput}, ${row.output}, '${seedEffectiveFrom}', '${seedSource}')`,
  );
  return [
    'INSERT INTO "model_prices" ("model_id", "version", "input_picodollars_per_token", "cached_input_picodollars_per_token", "output_picodollars_per_token", "effective_from", "source") VALUES',
    `${values.join(',\n')};`,
  ].join('\n');
}
