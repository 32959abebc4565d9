import {
  type topUpRequestSchema,
  topUpResultSchema,
  walletBalanceSchema,
  walletDefaults,
  walletPaymentSchema,
  walletTransactionsSchema,
  type UpdateWalletSettingsRequest,
  type WalletBalance,
} from '@contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** What POST /wallet/topup takes (before the server's schema normalises the currency). */
export type TopUpBody = z.input<typeof topUpRequestSchema>;

const walletPath = (orgId: string) => `/wallet/${encodeURIComponent(orgId)}`;

/** Spec section 8: a wallet that failed to load is shown as the section 9 defaults. */
export const fallbackWallet: WalletBalance = {
  balance: 0,
  currency: walletDefaults.currency,
  last_updated: '',
  settings: {
    min_top_up_amount: walletDefaults.minTopUpAmount,
    auto_reload_threshold: walletDefaults.autoReloadThreshold,
    auto_reload_amount: walletDefaults.autoReloadAmount,
    currency: walletDefaults.currency,
    auto_reload_enabled: false,
  },
  test_mode: false,
  saved_card: null,
};

export function getWalletBalance(orgId: string) {
  return apiRequest(`${walletPath(orgId)}/balance`, { schema: walletBalanceSchema });
}

/** Newest first. */
export function listWalletTransactions(orgId: string, page: number, limit: number) {
  return apiRequest(`${walletPath(orgId)}/transactions?page=${page}&limit=${limit}`, {
    schema: walletTransactionsSchema,
  });
}

/** The same Idempotency-Key sent again (a double click, a retry after a timeout) credits once. */
export function topUpWallet(request: TopUpBody, idempotencyKey: string) {
  return apiRequest('/wallet/topup', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: topUpResultSchema,
  });
}

export function updateWalletSettings(orgId: string, settings: UpdateWalletSettingsRequest) {
  return apiRequest(`${walletPath(orgId)}/settings`, { method: 'PUT', body: settings, schema: walletBalanceSchema });
}

/** One card payment as it stands: the page Stripe Checkout sends the customer back to follows it. */
export function getWalletPayment(orgId: string, paymentId: string) {
  return apiRequest(`${walletPath(orgId)}/payments/${encodeURIComponent(paymentId)}`, { schema: walletPaymentSchema });
}
