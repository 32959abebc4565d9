import { ApiError } from '../../../lib/api-error';

/**
 * The server's text when a paid model was refused because the organisation's wallet cannot pay for
 * the reply (402, decided before the model is called): it already says what to do (members: ask an
 * administrator; the billing scope: top up in Billing & Usage; the local model stays free).
 */
export function walletRefusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 402 ? error.message : undefined;
}

/**
 * The server's text when a message was refused because the organisation's plan allowance for the
 * billing cycle is used (429 plan_allowance_used, docs/decisions/041): it says when messages resume
 * and what to do (the billing scope: upgrade; others: ask an administrator).
 */
export function planAllowanceRefusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === 'plan_allowance_used' ? error.message : undefined;
}
