import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { getWalletPayment } from '../api/wallet-api';
import { subscriptionKeys } from './use-subscription';
import { walletKeys } from './use-wallet';
import { dashboardKeys } from '../../dashboard/hooks/use-dashboard-analytics';

/** How often a payment awaiting Stripe's word is read again. */
const paymentPollMs = 2_000;

/**
 * The payment Stripe Checkout sent the customer back with (`?payment=<id>`, `&checkout=cancelled`
 * when they gave up), read again until the webhook or reconciliation settles it; once it
 * succeeded the wallet and the plan are read again. `dismiss` takes it off the address.
 */
export function usePaymentReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentId = searchParams.get('payment');
  const cancelled = searchParams.get('checkout') === 'cancelled';
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['wallet', orgId, 'payment', paymentId],
    queryFn: () => getWalletPayment(orgId, paymentId!),
    enabled: orgId !== '' && paymentId !== null,
    retry: false,
    refetchInterval: (current) =>
      !cancelled && ['processing', 'pending'].includes(current.state.data?.status ?? 'pending') ? paymentPollMs : false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status !== 'succeeded') return;
    void queryClient.invalidateQueries({ queryKey: walletKeys.all(orgId) });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all(orgId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(orgId) });
  }, [status, orgId, queryClient]);
  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  return { paymentId, cancelled, payment: query.data, error: query.error, dismiss };
}
