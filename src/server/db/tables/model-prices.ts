import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The price book (docs/decisions/071): each model's prices in picodollars per token (the unit of
 * src/money; $2.50 per million tokens is 2,500,000), one row a version. A price change is a new
 * row effective from its time; rows are never updated or deleted (a trigger refuses it), so a usage
 * record naming its version (usage_records.price_version) keeps the price it was charged at.
 */
export const modelPrices = pgTable(
  'model_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: text('model_id').notNull(),
    /** 1 for a model's first price, one more each change. */
    version: integer('version').notNull(),
    inputPicodollarsPerToken: bigint('input_picodollars_per_token', { mode: 'bigint' }).notNull(),
    cachedInputPicodollarsPerToken: bigint('cached_input_picodollars_per_token', { mode: 'bigint' }).notNull(),
    outputPicodollarsPerToken: bigint('output_picodollars_per_token', { mode: 'bigint' }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** Where the price came from: the catalog's seed, a prices file. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('model_prices_version_unique').on(table.modelId, table.version),
    uniqueIndex('model_prices_effective_unique').on(table.modelId, table.effectiveFrom),
    index('model_prices_created_idx').on(table.createdAt),
    check(
      'model_prices_not_negative',
      sql`${table.inputPicodollarsPerToken} >= 0 and ${table.cachedInputPicodollarsPerToken} >= 0 and ${table.outputPicodollarsPerToken} >= 0`,
    ),
  ],
);
