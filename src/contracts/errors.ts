import { z } from 'zod';
import { passedDeadlineSchema } from './conversation';
import { limitRefusalSchema } from './usage-limits';

/** Machine-readable error codes; the server maps each to exactly one HTTP status. */
export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'two_factor_required',
  /** Signed in, but the organisation requires two-factor authentication and it is not set up yet. */
  'two_factor_setup_required',
  'forbidden',
  /** The organisation signs in with single sign-on only: a password, a reset or an invitation is refused. */
  'single_sign_on_required',
  'not_found',
  'conflict',
  'payment_required',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  /** The organisation's plan allowance for the billing cycle is used (docs/decisions/041): upgrade, or wait for the next cycle. */
  'plan_allowance_used',
  'internal',
  'upstream_failed',
  /** A model call passed one of its deadlines before its first token (docs/decisions/038). */
  'upstream_timeout',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Every failure answer. `message` and `detail` both carry the user-facing text so the web app's
 * message selection (spec section 8) finds it; `fields` names per-field problems of a form.
 */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  request_id: z.string().optional(),
  /** A chat request refused by a monthly limit: which limit, on which model, when it resets (429). */
  limit: limitRefusalSchema.optional(),
  /** A model call stopped by one of its deadlines before answering (504): which one, and how long it was. */
  deadline: passedDeadlineSchema.optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
