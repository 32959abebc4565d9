import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations } from './organisations';
import { walletPayments } from './wallet';

// Plans, subscriptions and invoices (docs/decisions/023). Money is numeric, exact: plan prices and
// charges in whole cents, invoice lines with the usage roll-ups' 10 decimals.

const cents = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const exactMoney = (name: string) => numeric(name, { precision: 24, scale: 10, mode: 'string' });

/** Subscription plans: data, editable without code (a row changed or added is on /pricing at once). */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Per billing cycle, in `currency`. */
  price: cents('price').notNull(),
  currency: text('currency').notNull(),
  /** 'monthly' (30-day periods, spec section 9) or 'yearly' (365 days). */
  billingCycle: text('billing_cycle').notNull(),
  /** The pricing page's other lines (support, limits of use): what the plan says beyond its features below. */
  features: jsonb('features').$type<string[]>().notNull(),
  /** Features the server enforces (docs/decisions/041): keys of contracts' planFeatureKeys. */
  entitlements: jsonb('entitlements').$type<string[]>().notNull().default([]),
  /** Arranged with sales, not sold on the page (no Subscribe; a purchase is refused). */
  contactSales: boolean('contact_sales').notNull().default(false),
  /** Tokens (input plus output) included in each billing cycle; null where the plan sets none. */
  tokensPerCycle: bigint('tokens_per_cycle', { mode: 'number' }),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Offered on /pricing and purchasable; a hidden plan keeps its subscribers. */
  isPublic: boolean('is_public').notNull().default(true),
  /** The Stripe Price the plan is sold as, when payments go through Stripe. */
  stripePriceId: text('stripe_price_id'),
});

/** past_due: a renewal charge failed and is being retried (docs/decisions/024); the plan holds meanwhile. */
export const subscriptionStatuses = ['active', 'past_due', 'cancelled'] as const;
/** The statuses of an organisation's current subscription: at most one per organisation. */
export const currentSubscriptionStatuses = ['active', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * An organisation's subscription to a paid plan. At most one is active per organisation; without
 * one the organisation is on the Free Trial. Periods are UTC days: `current_period_end` is the
 * first day after the period (the next billing date). `pending_plan_id` is a downgrade taking
 * effect at the period's end; `cancel_at_period_end` ends the subscription there. An ended
 * subscription is `cancelled` and keeps its last period.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('active'),
    currentPeriodStart: date('current_period_start', { mode: 'string' }).notNull(),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    paymentMethod: text('payment_method').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Past due: when the renewal charge first failed; retries are planned from it. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** Past due: the charge (its idempotency key) being collected. */
    pastDueChargeKey: text('past_due_charge_key'),
    /** Past due: retries made so far (each its own payment). */
    renewalRetries: integer('renewal_retries').notNull().default(0),
    /** Past due: when the next retry is due; null while one is in flight or none is left. */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** Past due: what the card's issuer said last. */
    pastDueReason: text('past_due_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_one_active').on(table.orgId).where(sql`${table.status} in ('active', 'past_due')`),
    index('subscriptions_retry_due_idx').on(table.nextRetryAt).where(sql`${table.status} = 'past_due'`),
    index('subscriptions_org_idx').on(table.orgId, table.createdAt),
  ],
);

export const subscriptionChargeKinds = ['plan', 'proration'] as const;
export type SubscriptionChargeKind = (typeof subscriptionChargeKinds)[number];
export const subscriptionChargeStatuses = ['paid', 'pending', 'failed'] as const;
export type SubscriptionChargeStatus = (typeof subscriptionChargeStatuses)[number];

/**
 * Money a subscription took (PlanCharges): a plan's price for a period, an upgrade's prorated
 * difference. `billed_on` places it on the invoice of the period holding that day. One per
 * organisation and idempotency key, so a retried purchase or renewal is never charged twice.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: subscriptionChargeKinds }).notNull(),
    description: text('description').notNull(),
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: subscriptionChargeStatuses }).notNull(),
    /** 'test' (test mode: no money moves), 'stripe', or 'wallet' (debited from the prepaid wallet). */
    processor: text('processor').notNull(),
    processorPaymentId: text('processor_payment_id'),
    /** The payment that paid it (a card's or the wallet's, docs/decisions/040): its receipt. */
    paymentId: uuid('payment_id').references(() => walletPayments.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    billedOn: date('billed_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('subscription_charges_key_unique').on(table.orgId, table.idempotencyKey),
    index('subscription_charges_org_day_idx').on(table.orgId, table.billedOn),
  ],
);

/** The answer given to a purchase or plan change sent with an Idempotency-Key: a repeat gets it again. */
export const subscriptionRequests = pgTable(
  'subscription_requests',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The operation and its body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.idempotencyKey] })],
);

export const invoiceStatuses = ['draft', 'issued', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * One invoice per billing period per organisation. The open period's is a `draft` whose lines are
 * computed when read; closing the period issues it: its lines are written, it gets the next number
 * of the organisation, and from then on neither it nor its lines change (a trigger refuses it;
 * only an issued invoice becoming paid). Periods are UTC days, `period_end` excluded.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The organisation's invoices in issue order, from 1; null while a draft. */
    sequence: integer('sequence'),
    number: text('number'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    currency: text('currency').notNull().default('USD'),
    total: exactMoney('total'),
    amountPaid: exactMoney('amount_paid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_org_period_unique').on(table.orgId, table.periodStart),
    uniqueIndex('invoices_org_sequence_unique').on(table.orgId, table.sequence),
    uniqueIndex('invoices_org_number_unique').on(table.orgId, table.number),
  ],
);

export const invoiceLineKinds = ['plan', 'proration', 'usage', 'top_up', 'wallet'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

/** An issued invoice's lines, numbered from 1; written once, when it is issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    kind: text('kind', { enum: invoiceLineKinds }).notNull(),
    description: text('description').notNull(),
    modelId: text('model_id'),
    /** Tokens of a usage line; null otherwise. */
    quantity: bigint('quantity', { mode: 'number' }),
    amount: exactMoney('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.lineNumber] })],
);
