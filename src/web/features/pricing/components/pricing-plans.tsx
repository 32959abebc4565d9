import { planFeatureMessages, type Plan } from '@contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { useCurrentPlan, usePlans, useSubscriptionMutations } from '../../billing/hooks/use-subscription';
import { PlanPaymentDialog, type PlanPayment } from '../../billing/components/plan-payment-dialog';
import { useWalletBalance } from '../../billing/hooks/use-wallet';
import { goToCheckout } from '../../billing/lib/checkout-redirect';
import { planChangedText } from '../../billing/lib/plan-change';
import { PlanAction, type PricingVisitor } from './plan-action';
import { PlanCard } from './plan-card';

/** /pricing: the server's plans; an admin or billing manager subscribes here, with their plan marked. */
export function PricingPlans() {
  const { user } = useAuth();
  const plans = usePlans();
  const billingAccess = useScopeAccess('billing');
  const visitor: PricingVisitor = user === null ? 'signed-out' : billingAccess === 'granted' ? 'billing' : 'member';
  const current = useCurrentPlan({ enabled: visitor === 'billing' });
  const { purchase, change } = useSubscriptionMutations();
  const { wallet } = useWalletBalance({ enabled: visitor === 'billing' });
  const [chosen, setChosen] = useState<Plan | null>(null);
  const banner = useErrorBanner();
  const toast = useToast();
  useReportFailure(current.error, banner.show);

  if (plans.isPending) return <FullPageSpinner label="Loading plans" />;
  const list = plans.data ?? [];
  const highlightedIndex = list.length > 2 ? 1 : -1;
  const columns = list.length >= 4 ? 'max-w-7xl xl:grid-cols-4' : 'max-w-5xl lg:grid-cols-3';
  const currentPlan = current.data;

  /** Paid first (docs/decisions/040); a refusal stays in the dialog for another card or the wallet. */
  async function subscribe(plan: Plan, payment: PlanPayment | undefined, idempotencyKey: string) {
    if (!currentPlan) return;
    const result = currentPlan.subscription
      ? await change.mutateAsync({ planId: plan.id, idempotencyKey, payment })
      : await purchase.mutateAsync({ planId: plan.id, idempotencyKey, payment });
    // With Stripe and no saved card: pay on Checkout, which brings the customer back to Billing & Usage.
    if (result.checkout_url) return goToCheckout(result.checkout_url);
    setChosen(null);
    toast.success(planChangedText(result));
  }

  return (
    <>
      <div className="mx-auto max-w-5xl">
        <ErrorBanner banner={banner} />
      </div>
      <div className={`mx-auto grid gap-6 md:grid-cols-2 ${columns}`}>
        {list.map((plan, index) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            highlighted={index === highlightedIndex}
            current={currentPlan?.id === plan.id}
            action={
              <PlanAction
                plan={plan}
                visitor={visitor}
                current={currentPlan}
                highlighted={index === highlightedIndex}
                onChoose={setChosen}
              />
            }
          />
        ))}
      </div>
      <p
        className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400"
        data-testid="past-allowance"
      >
        {planFeatureMessages.pastAllowance} Model usage through our providers is paid from the prepaid wallet at each
        model&apos;s price.
      </p>
      {chosen && currentPlan ? (
        <PlanPaymentDialog
          current={currentPlan}
          plan={chosen}
          wallet={wallet}
          onPay={(payment, idempotencyKey) => subscribe(chosen, payment, idempotencyKey)}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </>
  );
}
