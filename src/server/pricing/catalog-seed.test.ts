import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddingModelCatalog, modelCatalog } from '../../gateway';
import { catalogSeedRows, catalogSeedSql } from './catalog-seed';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const seedMigration = readdirSync(migrations).find((name) => name.endsWith('_model_prices.sql'));

describe('the price book seed', () => {
  it('is in the model_prices migration exactly as generated from the catalog', () => {
    expect(seedMigration).toBeDefined();
    const text = readFileSync(path.join(migrations, seedMigration!), 'utf8');
    expect(text).toContain(catalogSeedSql());
  });

  it('holds every priced catalog model once, at the catalog’s prices in picodollars per token', () => {
    const rows = catalogSeedRows();
    const priced = [...modelCatalog, ...embeddingModelCatalog].filter((model) => model.provider !== 'local');
    expect(rows.map((row) => row.modelId).sort()).toEqual(priced.map((model) => model.id).sort());
    // $2.50 / $1.25 / $10.00 per million tokens.
    expect(rows.find((row) => row.modelId === 'openai/gpt-4o')).toEqual({
      modelId: 'openai/gpt-4o',
      input: 2_500_000n,
      cachedInput: 1_250_000n,
      output: 10_000_000n,
    });
    // No cached price listed: cached input is charged at the input price.
    expect(rows.find((row) => row.modelId === 'openai/text-embedding-3-small')).toMatchObject({
      input: 20_000n,
      cachedInput: 20_000n,
      output: 0n,
    });
  });
});
