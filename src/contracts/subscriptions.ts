import { z } from 'zod';
import { organisationIdSchema, uuidField } from './ids';
import { planSchema } from './plans';
import { text } from './text-rules';

// Subscriptions, their usage breakdown and invoices (spec sections 3, 5 and 7; docs/decisions/023).
// Days are UTC days 'YYYY-MM-DD'; money is a JSON number of the plan's currency, exact in the
// database (cents for plans and charges, 10 decimals for usage).

export const subscriptionMessages = {
  organizationIdRequired: 'Organization ID is required',
  planIdRequired: 'Plan ID is required',
  paymentMethodRequired: 'Payment method is required',
  invoiceIdRequired: 'Invoice ID is required',
  planNotFound: (planId: string) => `Plan '${planId}' does not exist or is not offered.`,
  alreadySubscribed: 'This organization already has a subscription. Change its plan instead.',
  notSubscribed: 'This organization has no subscription to change. Purchase a plan first.',
  samePlan: 'The organization is already on this plan.',
  freePlanNotPurchasable:
    'The Free Trial cannot be purchased. Cancel the subscription to return to it at the end of the period.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  invoiceNotFound: 'Invoice not found',
  planPaymentDeclined: (reason: string) => `${reason} Nothing was charged and the plan is unchanged.`,
  paymentMethodInvalid: "Payment method must be 'card', 'wallet' or a Stripe PaymentMethod id (pm_…)",
  /** A purchase or upgrade asked to be paid from the prepaid wallet, which cannot pay it (402). */
  walletCannotPayPlan: (amount: string, available: string) =>
    `The wallet balance is too low to pay $${amount}: $${available} is available. Top up the wallet in Billing & Usage, or pay by card.`,
  /** Another purchase or upgrade of the organisation is being charged right now. */
  planPaymentInProgress:
    'A plan payment for this organization is being charged. Wait for it to finish, then try again.',
  /** The notice to the billing scope when a renewal charge first fails (the plan holds while it is retried). */
  renewalPastDueNotice: (plan: string, retryDay: string) =>
    `The renewal of the ${plan} plan could not be charged to the saved card. The plan stays on while it is retried; the next try is on ${retryDay}. Top up the wallet in Admin → Billing & Usage to save a working card.`,
  /** The notice to the billing scope when the last retry failed and the organisation is back on the Free Trial. */
  renewalEndedNotice: (plan: string) =>
    `The renewal of the ${plan} plan could not be charged after several tries, so the subscription has ended and the organization is on the Free Trial. Choose a plan again in Admin → Billing & Usage.`,
} as const;

const planIdSchema = text({ label: 'Plan ID', max: 64, required: subscriptionMessages.planIdRequired });

/** /subscription/{plan,update,cancel,usage,invoices}/{orgId}. */
export const subscriptionOrganisationPathSchema = z.object({ orgId: organisationIdSchema });

/** /subscription/invoices/{orgId}/{invoiceId}/pdf. */
export const invoicePdfPathSchema = z.object({
  orgId: organisationIdSchema,
  invoiceId: uuidField('Invoice ID', subscriptionMessages.invoiceIdRequired),
});

/** POST /subscription/purchase and /subscription/update/{orgId}: a repeat with the same key answers the same, and charges nothing more. */
export const billingIdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: subscriptionMessages.idempotencyKeyInvalid })
    .optional(),
});

const paymentMethodSchema = text({
  label: 'Payment method',
  max: 255,
  required: subscriptionMessages.paymentMethodRequired,
}).refine((value) => value === 'card' || value === 'wallet' || value.startsWith('pm_'), {
  error: subscriptionMessages.paymentMethodInvalid,
});

/** A card number typed in test mode: one of Stripe's test cards (docs/decisions/040). */
const testCardNumberSchema = text({ label: 'Card number', max: 30 }).optional();

/**
 * POST /subscription/purchase (spec section 7). payment_method: 'card' (test mode: the test card in
 * `card_number`, else the saved one; with Stripe: the saved card, else Stripe Checkout), 'wallet'
 * (debited from the prepaid wallet at once), or a Stripe PaymentMethod id.
 */
export const purchaseSubscriptionRequestSchema = z.object({
  org_id: organisationIdSchema,
  plan_id: planIdSchema,
  payment_method: paymentMethodSchema,
  card_number: testCardNumberSchema,
});
export type PurchaseSubscriptionRequest = z.infer<typeof purchaseSubscriptionRequestSchema>;

/**
 * POST /subscription/update/{orgId}; org_id, when sent, must be the path's. An upgrade's prorated
 * difference is paid with `payment_method` (as a purchase's; default: the way the subscription was
 * bought) and, in test mode, `card_number`.
 */
export const updateSubscriptionRequestSchema = z.object({
  plan_id: planIdSchema,
  org_id: organisationIdSchema.optional(),
  payment_method: paymentMethodSchema.optional(),
  card_number: testCardNumberSchema,
});
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequestSchema>;

export const subscriptionStateSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  /**
   * active: the plan holds; past_due: the renewal charge failed and is being retried, the plan holds
   * meanwhile (see past_due); cancelled: it ended (only in past answers: an ended subscription is no
   * longer current).
   */
  status: z.enum(['active', 'past_due', 'cancelled']),
  /** First day of the period. */
  current_period_start: z.string(),
  /** Last day of the period (included). */
  current_period_end: z.string(),
  /** First day of the next period: the next charge, a pending downgrade, or the return to the Free Trial. */
  next_billing_date: z.string(),
  /** Cancelled: the plan holds to current_period_end, then the Free Trial. */
  cancel_at_period_end: z.boolean(),
  /** A downgrade taking effect on next_billing_date; null when none. */
  pending_plan_id: z.string().nullable(),
  /** How renewals are paid: from the prepaid wallet (then the saved card when it cannot pay), or by the saved card. */
  payment_method: z.enum(['card', 'wallet']),
  /** While the status is past_due: the unpaid renewal and its retries; null otherwise. */
  past_due: z
    .object({
      /** When the renewal charge first failed (ISO time). */
      since: z.string(),
      /** What the card's issuer said last. */
      reason: z.string().nullable(),
      retries_made: z.number().int(),
      retries_left: z.number().int(),
      /** When the next retry is due (ISO time); null while one is being charged or when none is left. */
      next_retry_at: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/**
 * GET /subscription/plan/{orgId}: the current plan (spec section 3's Plan; the Free Trial when there
 * is no subscription) with the subscription, null on the Free Trial, and the cycle's allowance.
 */
/**
 * The current plan's allowance in the billing cycle now (docs/decisions/041): tokens of every reply
 * (input plus output) against the plan's tokens per cycle. Once they are used, messages to models
 * are refused until `resets_on` (the next cycle) or an upgrade; the local model keeps working.
 */
export const planAllowanceSchema = z.object({
  tokens_per_cycle: z.number(),
  tokens_used: z.number(),
  /** First day of the cycle. */
  cycle_start: z.string(),
  /** Last day of the cycle (included). */
  cycle_end: z.string(),
  /** First day of the next cycle: the allowance starts again. */
  resets_on: z.string(),
  exhausted: z.boolean(),
});
export type PlanAllowance = z.infer<typeof planAllowanceSchema>;

export const currentPlanSchema = planSchema.extend({
  tokens_per_cycle: z.number().nullable(),
  subscription: subscriptionStateSchema.nullable(),
  /** Null when the plan sets no tokens per cycle. */
  allowance: planAllowanceSchema.nullable(),
});
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

/**
 * Money a purchase or change took: paid (test mode: no money moves), pending (awaiting the payment service).
 * `paid_with` says how (a card, a test card, the prepaid wallet); `receipt_path` is the paid charge's receipt.
 */
export const subscriptionChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(['plan', 'proration']),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'pending', 'failed']),
  test_mode: z.boolean(),
  created_at: z.string(),
  paid_with: z.string().nullable(),
  /** GET this path (with the bearer token) for the receipt's PDF; null until paid. */
  receipt_path: z.string().nullable(),
});
export type SubscriptionCharge = z.infer<typeof subscriptionChargeSchema>;

/**
 * Purchase, update and cancel answer the current plan and what was charged now (null: nothing).
 * With Stripe a purchase or upgrade is applied only once its payment succeeds: until then the
 * answer (202) is the plan as it was, with `payment_id` (GET /wallet/{orgId}/payments/{id}
 * follows it) and, when the customer must pay on Stripe Checkout, its `checkout_url`.
 */
export const subscriptionChangeSchema = currentPlanSchema.extend({
  charge: subscriptionChargeSchema.nullable(),
  payment_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
});
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

const usageAmounts = { requests: z.number(), tokens: z.number(), cost: z.number() };

/** GET /subscription/usage/{orgId}?period: spec section 3's Usage breakdown, from the usage roll-ups. */
export const usageBreakdownSchema = z.object({
  period: z.enum(['day', 'week', 'month', 'year', 'all']),
  total: z.object(usageAmounts),
  /** UTC days with usage, oldest first. */
  by_date: z.array(z.object({ date: z.string(), ...usageAmounts })),
  by_model: z.array(z.object({ model_id: z.string(), model_name: z.string(), ...usageAmounts })),
});
export type UsageBreakdown = z.infer<typeof usageBreakdownSchema>;

export const invoiceLineSchema = z.object({
  line_number: z.number().int(),
  /**
   * plan: a plan's price for a period; proration: an upgrade's difference; usage: one model's usage
   * paid through the instance's keys. top_up and wallet appear only on invoices issued before
   * docs/decisions/040: an invoice lists what was bought, never the wallet's top-ups.
   */
  kind: z.enum(['plan', 'proration', 'usage', 'top_up', 'wallet']),
  description: z.string(),
  model_id: z.string().nullable(),
  /** Tokens of a usage line; null otherwise. */
  quantity: z.number().nullable(),
  amount: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * A payment against an invoice (docs/decisions/040): a plan charge paid by card or from the wallet,
 * or the period's usage, paid from the prepaid wallet as it was used. `receipt_path`: the payment's
 * receipt (PDF), null for usage and for charges made before receipts.
 */
export const invoicePaymentSchema = z.object({
  /** The payment's id (GET /wallet/{orgId}/payments/{id}); null for the usage paid from the wallet. */
  id: z.string().nullable(),
  method: z.enum(['card', 'test_card', 'wallet', 'none']),
  description: z.string(),
  amount: z.number(),
  paid_at: z.string(),
  receipt_path: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/**
 * One billing period's invoice. draft: the open period, its lines as of now; issued: closed, with
 * an amount due; paid: closed and paid. Issued and paid invoices never change. total is the sum of
 * the lines; amount_paid is the sum of `payments`, what was paid against it; amount_due is total
 * less amount_paid.
 */
export const invoiceSchema = z.object({
  id: z.string(),
  /** e.g. 'TW-1A2B3C4D-0001'; null while a draft. */
  number: z.string().nullable(),
  status: z.enum(['draft', 'issued', 'paid']),
  period_start: z.string(),
  /** Last day of the period (included). */
  period_end: z.string(),
  currency: z.string(),
  lines: z.array(invoiceLineSchema),
  total: z.number(),
  amount_paid: z.number(),
  amount_due: z.number(),
  payments: z.array(invoicePaymentSchema),
  issued_at: z.string().nullable(),
  /** GET this path (with the bearer token) for the PDF. */
  pdf_path: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /subscription/invoices/{orgId}: newest first, the open period's draft first. */
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
