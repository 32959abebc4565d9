import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Public subscription plans. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: doublePrecision('price').notNull(),
  currency: text('currency').notNull(),
  billingCycle: text('billing_cycle').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  /** Tokens (input plus output) included in each billing cycle; null where the plan sets none. */
  tokensPerCycle: bigint('tokens_per_cycle', { mode: 'number' }),
  sortOrder: integer('sort_order').notNull().default(0),
  isPublic: boolean('is_public').notNull().default(true),
});
