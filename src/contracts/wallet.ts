import { z } from 'zod';
import { organisationIdSchema, uuidField } from './ids';
import { text } from './text-rules';

// The prepaid wallet (spec sections 2, 3, 5, 7 and 9; docs/decisions/022). Amounts are USD as JSON
// numbers; the server keeps them as exact decimals and converts only when answering.

/** Spec section 9: the wallet's defaults (and the web app's fallback wallet of section 8). */
export const walletDefaults = {
  currency: 'USD',
  minTopUpAmount: 10,
  autoReloadThreshold: 5,
  autoReloadAmount: 20,
} as const;

/** The largest single top-up or setting, in dollars (Stripe's limit for one USD charge is 999,999.99). */
export const largestWalletAmount = 999_999.99;

export const walletMessages = {
  // Spec section 5.
  minimumTopUp: (minimum: number) => `Minimum top-up amount is ${minimum}`,
  validAmountRequired: 'Valid amount is required',
  currencyRequired: 'Currency is required',
  paymentMethodRequired: 'Payment method is required',
  transactionIdRequired: 'Transaction ID is required',
  minimumNegative: 'Minimum top-up amount cannot be negative',
  thresholdNegative: 'Auto-reload threshold cannot be negative',
  reloadAmountNegative: 'Auto-reload amount cannot be negative',
  // Worded like the spec's.
  amountCents: (label: string) => `${label} must have at most 2 decimal places`,
  amountTooLarge: (label: string) => `${label} must be at most ${largestWalletAmount.toLocaleString('en-US')}`,
  currencyUnsupported: 'Currency must be USD',
  paymentMethodCard: "Payment method must be 'card'",
  reloadAmountZero: 'Auto-reload amount must be greater than 0 when auto-reload is on',
  cardNumberInvalid: 'Your card number is incorrect.',
  cardNumberNotAccepted:
    'Card numbers are not accepted here: pay with a payment method created by Stripe (payment_method_id).',
  cardRequired: 'A card is required: card_number (test mode) or payment_method_id',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different top-up. Use a new key for a new top-up.',
  transactionNotFound: 'Transaction not found',
  paymentNotFound: 'Payment not found',
  receiptNotFound: 'Receipt not found: the payment has not succeeded.',
  paymentUnconfirmed:
    'The card payment could not be confirmed yet. The wallet is credited as soon as it succeeds; check the transactions shortly.',
  /** The notice people with the billing scope find when the wallet first refuses a paid model after its last credit. */
  walletEmptyNotice:
    "The organization's wallet balance is too low to pay for paid models: people's messages to them are refused. Top up the wallet in Admin → Billing & Usage.",
  /** A paid model refused before it is called because the wallet cannot pay for the reply (402). */
  walletEmptyForMember: (model: string) =>
    `Your organization's wallet balance is too low to pay for ${model}. Ask an administrator to top up the wallet.`,
  walletEmptyForBilling: (model: string, available: string) =>
    `The wallet balance is too low to pay for ${model}: $${available} is available for new messages. Top up the wallet in Billing & Usage.`,
  localModelStillFree: 'The free local model keeps working.',
} as const;

/** A dollar amount from a form: a number, at least 0 (with the given text), whole cents, not huge. */
function dollars(label: string, negative: string, required: string) {
  return z
    .number({ error: required })
    .refine((value) => Number.isFinite(value), { error: required })
    .refine((value) => value >= 0, { error: negative })
    .refine((value) => value <= largestWalletAmount, { error: walletMessages.amountTooLarge(label) })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: walletMessages.amountCents(label),
    });
}

/** Spec section 3's wallet settings. */
export const walletSettingsSchema = z.object({
  min_top_up_amount: z.number(),
  auto_reload_threshold: z.number(),
  auto_reload_amount: z.number(),
  currency: z.string(),
  auto_reload_enabled: z.boolean(),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;

/**
 * Spec section 3's wallet balance. `test_mode`: no payment service is configured, cards are the
 * usual test numbers and no real money moves (the web app says so).
 */
export const walletBalanceSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  last_updated: z.string(),
  settings: walletSettingsSchema,
  test_mode: z.boolean(),
  /** The card a successful payment saved (auto-reloads and plans charge it), as people read it; null when none. */
  saved_card: z.string().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** Spec section 3's transaction: a row of the wallet's ledger. `amount` is positive; `type` says which way. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  description: z.string(),
  is_auto_reload: z.boolean(),
  timestamp: z.string(),
  type: z.enum(['credit', 'debit']),
  amount: z.number(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletPathSchema = z.object({ orgId: organisationIdSchema });
export const walletTransactionPathSchema = z.object({
  id: uuidField('Transaction ID', walletMessages.transactionIdRequired),
});

/** GET /wallet/{orgId}/transactions?page&limit, newest first; limit 1 to 100, default 20. */
export const walletTransactionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int({ error: 'Page must be a whole number from 1' })
    .min(1, { error: 'Page must be a whole number from 1' })
    .max(1_000_000, { error: 'Page must be at most 1,000,000' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100' })
    .int({ error: 'Limit must be a whole number from 1 to 100' })
    .min(1, { error: 'Limit must be a whole number from 1 to 100' })
    .max(100, { error: 'Limit must be a whole number from 1 to 100' })
    .optional(),
});
export const walletTransactionsSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/**
 * POST /wallet/topup (spec section 7) with an `Idempotency-Key` header. The card: `card_number`,
 * one of the usual test numbers, in test mode only; or `payment_method_id`, a PaymentMethod made by
 * Stripe (a saved card, or a test id such as pm_card_visa). With Stripe and neither, the answer is
 * pending with a `checkout_url`: Stripe Checkout's page where the customer pays (docs/decisions/024).
 */
export const topUpRequestSchema = z.object({
  amount: z
    .number({ error: walletMessages.validAmountRequired })
    .refine((value) => Number.isFinite(value) && value > 0, { error: walletMessages.validAmountRequired })
    .refine((value) => value <= largestWalletAmount, { error: walletMessages.amountTooLarge('Amount') })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: walletMessages.amountCents('Amount'),
    }),
  currency: text({ label: 'Currency', max: 3, required: walletMessages.currencyRequired })
    .transform((value) => value.toUpperCase())
    .refine((value) => value === 'USD', { error: walletMessages.currencyUnsupported }),
  payment_method: text({ label: 'Payment method', max: 20, required: walletMessages.paymentMethodRequired }).refine(
    (value) => value === 'card',
    {
      error: walletMessages.paymentMethodCard,
    },
  ),
  org_id: organisationIdSchema,
  card_number: text({ label: 'Card number', max: 30 }).optional(),
  payment_method_id: text({ label: 'Payment method ID', max: 255 }).optional(),
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: walletMessages.idempotencyKeyInvalid })
    .optional(),
});

/**
 * The top-up's outcome: `succeeded` (credited: `transaction` is the credit), `pending` (the
 * customer pays on Stripe Checkout at `checkout_url`, or a card needs 3-D Secure with
 * `client_secret`, or the payment service's word is awaited; the wallet is credited when it
 * succeeds: GET /wallet/{orgId}/payments/{payment_id} follows it). A declined card is a 402.
 */
export const topUpResultSchema = z.object({
  status: z.enum(['succeeded', 'pending']),
  payment_id: z.string(),
  transaction: walletTransactionSchema.nullable(),
  client_secret: z.string().nullable(),
  /** Stripe Checkout's hosted page: send the browser there; it comes back to /admin/billing?payment=<payment_id>. */
  checkout_url: z.string().nullable(),
  balance: walletBalanceSchema,
});
export type TopUpResult = z.infer<typeof topUpResultSchema>;

export const walletPaymentPathSchema = z.object({
  orgId: organisationIdSchema,
  paymentId: uuidField('Payment ID', 'Payment ID is required'),
});

/**
 * GET /wallet/{orgId}/payments/{paymentId}: one payment (a top-up, or a plan's by card or from the wallet) as it stands:
 * processing (being charged), pending (awaiting the customer on `checkout_url`, or the payment
 * service's word), succeeded, or failed with its reason. A succeeded top-up names its credit.
 */
export const walletPaymentSchema = z.object({
  id: z.string(),
  purpose: z.enum(['top_up', 'plan']),
  status: z.enum(['processing', 'pending', 'succeeded', 'failed']),
  amount: z.number(),
  currency: z.string(),
  failure_message: z.string().nullable(),
  checkout_url: z.string().nullable(),
  transaction: walletTransactionSchema.nullable(),
  /** How it was paid, as the receipt says it: 'Visa •••• 4242 (test card)', 'Card', 'Prepaid wallet'. */
  paid_with: z.string().nullable(),
  /** GET this path (with the bearer token) for the receipt's PDF; null until it succeeded. */
  receipt_path: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WalletPayment = z.infer<typeof walletPaymentSchema>;

/** PUT /wallet/{orgId}/settings (spec section 7): any of the four settings; org_id, when sent, must be the path's. */
export const updateWalletSettingsRequestSchema = z.object({
  min_top_up_amount: dollars(
    'Minimum top-up amount',
    walletMessages.minimumNegative,
    'Minimum top-up amount must be a number',
  ).optional(),
  auto_reload_threshold: dollars(
    'Auto-reload threshold',
    walletMessages.thresholdNegative,
    'Auto-reload threshold must be a number',
  ).optional(),
  auto_reload_amount: dollars(
    'Auto-reload amount',
    walletMessages.reloadAmountNegative,
    'Auto-reload amount must be a number',
  ).optional(),
  auto_reload_enabled: z.boolean({ error: 'auto_reload_enabled must be true or false' }).optional(),
  org_id: organisationIdSchema.optional(),
});
export type UpdateWalletSettingsRequest = z.infer<typeof updateWalletSettingsRequestSchema>;

/** How far the usage projection looks ahead: a balance lasting longer is "more than 10 years". */
export const usageProjectionHorizonYears = 10;

/**
 * GET /wallet/{orgId}/usage-projection: the average daily spend of the last `period_days` days
 * (today included) and how many whole days the balance lasts at it; null when nothing was spent,
 * or when the balance outlasts the horizon: then `lasts_more_than_years` says so (10), else null.
 */
export const usageProjectionSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  period_days: z.number().int(),
  average_daily_spend: z.number(),
  days_until_empty: z.number().int().nullable(),
  projected_empty_date: z.string().nullable(),
  lasts_more_than_years: z.number().int().nullable(),
});
export type UsageProjection = z.infer<typeof usageProjectionSchema>;
