import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations } from './organisations';

// The prepaid wallet (docs/decisions/022). Money is numeric: exact, summed by the database and read
// as text. Ledger amounts have 12 decimals, so a reply's cost (10 decimals) and a reservation in
// picodollars are kept exactly; settings and payments are whole cents.

const money = (name: string) => numeric(name, { precision: 24, scale: 12, mode: 'string' });
const cents = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/**
 * One wallet per organisation: its settings and the balance, a cache of the ledger's sum changed only
 * by `wallet_post` (custom migration), in the transaction that writes the ledger row, under this
 * row's lock. `auto_reload_marked_at` is the crossing marker: set when a debit takes the balance
 * below the threshold and an auto-reload is asked for, cleared by a credit that lifts it back to the
 * threshold or by saving the settings, so each crossing asks for one reload.
 */
export const wallets = pgTable('wallets', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  balance: money('balance').notNull().default('0'),
  currency: text('currency').notNull().default('USD'),
  minTopUpAmount: cents('min_top_up_amount').notNull().default('10'),
  autoReloadEnabled: boolean('auto_reload_enabled').notNull().default(false),
  autoReloadThreshold: cents('auto_reload_threshold').notNull().default('5'),
  autoReloadAmount: cents('auto_reload_amount').notNull().default('20'),
  autoReloadMarkedAt: timestamp('auto_reload_marked_at', { withTimezone: true }),
  /** The card a successful top-up left for auto-reloads: a Stripe PaymentMethod id (test mode: a Stripe test id). */
  savedPaymentMethod: text('saved_payment_method'),
  stripeCustomerId: text('stripe_customer_id'),
  updatedAt: updatedAt(),
});

export const ledgerEntryTypes = ['credit', 'debit'] as const;

/**
 * The wallet's ledger: append-only (a trigger refuses updates and deletes, except with the
 * organisation), one row per credit or debit, `balance_after` the balance it left. A usage debit
 * names its usage record; a top-up's credit its payment, at most once (unique).
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ledgerEntryTypes }).notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    description: text('description').notNull(),
    isAutoReload: boolean('is_auto_reload').notNull().default(false),
    usageRecordId: uuid('usage_record_id'),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_ledger_org_time_idx').on(table.orgId, table.createdAt),
    index('wallet_ledger_usage_idx').on(table.usageRecordId),
    uniqueIndex('wallet_ledger_payment_unique').on(table.paymentId),
    check('wallet_ledger_amount_positive', sql`${table.amount} > 0`),
  ],
);

export const paymentStatuses = ['processing', 'pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What a card payment pays for: a top-up credits the wallet; a plan payment applies its order (docs/decisions/024). */
export const paymentPurposes = ['top_up', 'plan'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/**
 * A card payment for a top-up or a plan (`purpose`), written before the card is charged: `processing` while this server
 * asks the payment service, `pending` while it awaits the customer or the service's word, then
 * `succeeded` (credited in the same transaction) or `failed`. One per organisation and
 * Idempotency-Key: a repeated request finds it and answers as it did.
 */
export const walletPayments = pgTable(
  'wallet_payments',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    /** 'test' (the built-in test mode), 'stripe', or 'wallet' (a plan paid from the prepaid wallet, docs/decisions/040). */
    processor: text('processor').notNull(),
    /** The PaymentIntent (pi_…) or the test mode's own id. */
    processorPaymentId: text('processor_payment_id'),
    clientSecret: text('client_secret'),
    paymentMethod: text('payment_method'),
    failureMessage: text('failure_message'),
    isAutoReload: boolean('is_auto_reload').notNull().default(false),
    purpose: text('purpose', { enum: paymentPurposes }).notNull().default('top_up'),
    /** A plan payment's order: the subscription change applied, once, when the money is in (billing/plan-orders.ts). */
    planOrder: jsonb('plan_order'),
    /** Stripe Checkout (the hosted payment page) when the customer pays there: its session and where to send them. */
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('wallet_payments_key_unique').on(table.orgId, table.idempotencyKey),
    uniqueIndex('wallet_payments_processor_unique').on(table.processorPaymentId),
    index('wallet_payments_open_idx').on(table.status).where(sql`${table.status} in ('processing', 'pending')`),
  ],
);

/**
 * What paid model calls in progress may still cost, held against the wallet from before the model is
 * asked until the call's usage record stops streaming (deleted in that transaction, by the debit
 * trigger) or the call fails; like usage_reservations (docs/decisions/019), it names its owner.
 */
export const walletReservations = pgTable(
  'wallet_reservations',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    usageId: uuid('usage_id').notNull(),
    amount: money('amount').notNull(),
    owner: uuid('owner').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_reservations_org_idx').on(table.orgId),
    index('wallet_reservations_usage_idx').on(table.usageId),
  ],
);

export const autoReloadStatuses = ['requested', 'charged', 'failed'] as const;

/** An auto-reload asked for by a crossing (see `wallets`); at most one open per organisation. */
export const walletAutoReloads = pgTable(
  'wallet_auto_reloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    amount: cents('amount').notNull(),
    status: text('status', { enum: autoReloadStatuses }).notNull().default('requested'),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('wallet_auto_reloads_open_unique').on(table.orgId).where(sql`${table.status} = 'requested'`)],
);
