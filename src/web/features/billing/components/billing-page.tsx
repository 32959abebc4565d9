import type { UsagePeriod } from '@contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { formatDay } from '../../admin/lib/format';
import { emptyUsageBreakdown, fallbackCurrentPlan } from '../api/subscription-api';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import {
  useCurrentPlan,
  useInvoices,
  usePlans,
  useSubscriptionMutations,
  useUsageBreakdown,
} from '../hooks/use-subscription';
import {
  recentTransactionCount,
  useWalletBalance,
  useWalletMutations,
  useWalletTransactions,
} from '../hooks/use-wallet';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { goToCheckout } from '../lib/checkout-redirect';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { planChangedText } from '../lib/plan-change';
import { ChangePlanDialog } from './change-plan-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { InvoicesCard } from './invoices-card';
import { PaymentReturnNotice } from './payment-return-notice';
import { TopUpDialog } from './top-up-dialog';
import { TransactionsCard } from './transactions-card';
import { UsageCard } from './usage-card';
import { WalletCard } from './wallet-card';
import { WalletSettingsDialog } from './wallet-settings-dialog';
import { formatMoney } from '../../../lib/format-money';

type OpenDialog = 'top-up' | 'wallet-settings' | 'change-plan' | 'cancel-plan' | null;

/**
 * /admin/billing, Billing & Usage (spec sections 2, 3 and 8): the plan with change and cancel, the
 * period's usage, the wallet with its dialogs and transactions, and the invoices. A failed load
 * shows its section's defaults and the red banner for 5 s. With Stripe, a top-up or plan payment
 * goes to Stripe Checkout's page and comes back here with `?payment=<id>`, followed until settled.
 */
export function BillingPage() {
  const banner = useErrorBanner();
  const toast = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [period, setPeriod] = useState<UsagePeriod>('month');

  const { wallet, error: walletError } = useWalletBalance();
  const recent = useWalletTransactions(1, recentTransactionCount);
  const plan = useCurrentPlan();
  const plans = usePlans();
  const invoices = useInvoices();
  const usage = useUsageBreakdown(period);
  const walletMutations = useWalletMutations();
  const subscription = useSubscriptionMutations();
  const paymentReturn = usePaymentReturn();

  useReportFailure(walletError, banner.show);
  useReportFailure(recent.error, banner.show);
  useReportFailure(plan.error, banner.show);
  useReportFailure(invoices.error, banner.show);
  useReportFailure(usage.error, banner.show);
  useReportFailure(paymentReturn.error, banner.show);

  const current = plan.data ?? (plan.isError ? fallbackCurrentPlan : undefined);
  const currency = wallet?.currency ?? 'USD';
  const close = () => setDialog(null);

  async function keepPlan() {
    if (!current) return;
    try {
      const change = await subscription.change.mutateAsync({ planId: current.id, idempotencyKey: newIdempotencyKey() });
      toast.success(`${change.name} continues after this period.`);
    } catch (error) {
      banner.show(error);
    }
  }

  async function cancel() {
    try {
      const change = await subscription.cancel.mutateAsync();
      const end = change.subscription?.current_period_end;
      toast.success(
        end ? `Cancelled: ${change.name} stays until ${formatDay(end)}, then the Free Trial.` : 'Cancelled.',
      );
    } catch (error) {
      banner.show(error);
    } finally {
      close();
    }
  }

  return (
    <section aria-labelledby="billing-title">
      <div className="mb-4">
        <h1 id="billing-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Billing &amp; Usage
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your plan, the prepaid wallet that pays for usage, and your invoices.
        </p>
      </div>
      <ErrorBanner banner={banner} />
      {paymentReturn.paymentId ? (
        <PaymentReturnNotice
          payment={paymentReturn.payment}
          cancelled={paymentReturn.cancelled}
          onDismiss={paymentReturn.dismiss}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <CurrentPlanCard
          current={current}
          plans={plans.data ?? []}
          onChange={() => setDialog('change-plan')}
          onCancel={() => setDialog('cancel-plan')}
          onKeep={() => void keepPlan()}
          keeping={subscription.change.isPending}
        />
        <WalletCard
          wallet={wallet}
          recent={recent.data?.transactions ?? (recent.isError ? [] : undefined)}
          onTopUp={() => setDialog('top-up')}
          onSettings={() => setDialog('wallet-settings')}
        />
        <div className="lg:col-span-2">
          <UsageCard
            usage={usage.data ?? (usage.isError ? emptyUsageBreakdown(period) : undefined)}
            period={period}
            onPeriod={setPeriod}
          />
        </div>
        <TransactionsCard currency={currency} onError={banner.show} />
        <InvoicesCard invoices={invoices.data ?? (invoices.isError ? [] : undefined)} onError={banner.show} />
      </div>

      {dialog === 'top-up' && wallet ? (
        <TopUpDialog
          wallet={wallet}
          onTopUp={(request, idempotencyKey) => walletMutations.topUp.mutateAsync({ request, idempotencyKey })}
          onDone={(result) => {
            if (result.checkout_url) return goToCheckout(result.checkout_url);
            close();
            if (result.status === 'succeeded')
              toast.success(`${formatMoney(result.transaction?.amount ?? 0, currency)} added to the wallet.`);
            else toast.info('The payment is being confirmed; the wallet is credited as soon as it succeeds.');
          }}
          onClose={close}
        />
      ) : null}
      {dialog === 'wallet-settings' && wallet ? (
        <WalletSettingsDialog
          wallet={wallet}
          onSave={async (settings) => {
            await walletMutations.saveSettings.mutateAsync(settings);
            toast.success('Wallet settings saved.');
            close();
          }}
          onClose={close}
        />
      ) : null}
      {dialog === 'change-plan' && current ? (
        <ChangePlanDialog
          current={current}
          plans={plans.data ?? []}
          wallet={wallet}
          onChoose={async (planId, payment, idempotencyKey) => {
            const change = current.subscription
              ? await subscription.change.mutateAsync({ planId, idempotencyKey, payment })
              : await subscription.purchase.mutateAsync({ planId, idempotencyKey, payment });
            if (change.checkout_url) return goToCheckout(change.checkout_url);
            toast.success(planChangedText(change));
            close();
          }}
          onClose={close}
        />
      ) : null}
      {dialog === 'cancel-plan' && current?.subscription ? (
        <ConfirmDialog
          title="Cancel the plan?"
          description={`${current.name} stays until the end of the current period (${formatDay(current.subscription.current_period_end)}), then the organization returns to the Free Trial. Nothing is refunded.`}
          confirmLabel="Cancel plan"
          pendingLabel="Cancelling..."
          pending={subscription.cancel.isPending}
          onConfirm={() => void cancel()}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}
