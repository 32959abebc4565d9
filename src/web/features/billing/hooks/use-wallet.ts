import type { UpdateWalletSettingsRequest } from '@contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import {
  fallbackWallet,
  getWalletBalance,
  listWalletTransactions,
  topUpWallet,
  updateWalletSettings,
  type TopUpBody,
} from '../api/wallet-api';

/** Spec section 9: the Wallet card shows the 3 latest transactions. */
export const recentTransactionCount = 3;
export const transactionPageSize = 10;

export const walletKeys = {
  all: (orgId: string) => ['wallet', orgId] as const,
  balance: (orgId: string) => ['wallet', orgId, 'balance'] as const,
  transactions: (orgId: string, page: number, limit: number) => ['wallet', orgId, 'transactions', page, limit] as const,
};

/** The balance with its settings: the section 9 defaults when it fails to load (the failure goes to the banner). */
export function useWalletBalance({ enabled = true }: { enabled?: boolean } = {}) {
  const orgId = useOrganisationId();
  const query = useQuery({
    queryKey: walletKeys.balance(orgId),
    queryFn: () => getWalletBalance(orgId),
    enabled: enabled && orgId !== '',
  });
  return {
    wallet: query.data ?? (query.isError ? fallbackWallet : undefined),
    isPending: query.isPending,
    error: query.error,
  };
}

export function useWalletTransactions(page: number, limit: number) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: walletKeys.transactions(orgId, page, limit),
    queryFn: () => listWalletTransactions(orgId, page, limit),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Top-ups and settings; each reads the balance and transactions again. */
export function useWalletMutations() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: walletKeys.all(orgId) });
  return {
    topUp: useMutation({
      mutationFn: ({ request, idempotencyKey }: { request: Omit<TopUpBody, 'org_id'>; idempotencyKey: string }) =>
        topUpWallet({ ...request, org_id: orgId }, idempotencyKey),
      onSuccess: reload,
    }),
    saveSettings: useMutation({
      mutationFn: (settings: Omit<UpdateWalletSettingsRequest, 'org_id'>) =>
        updateWalletSettings(orgId, { ...settings, org_id: orgId }),
      onSuccess: (balance) => {
        queryClient.setQueryData(walletKeys.balance(orgId), balance);
        return reload();
      },
    }),
  };
}
