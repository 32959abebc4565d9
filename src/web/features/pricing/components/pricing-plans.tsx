import type { Plan } from '@contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { useCurrentPlan, usePlans, useSubscriptionMutations } from '../../billing/hooks/use-subscription';
import { goToCheckout } from '../../billing/lib/checkout-redirect';
import { isSettledAnswer, useAttemptKey } from '../../billing/lib/idempotency-key';
import { planChangeNote, planChangedText } from '../../billing/lib/plan-change';
import { PlanAction, type PricingVisitor } from './plan-action';
import { PlanCard } from './plan-card';
import { formatMoney } from '../../../lib/format-money';

/** /pricing: the server's plans; an admin or billing manager subscribes here, with their plan marked. */
export function PricingPlans() {
  const { user } = useAuth();
  const plans = usePlans();
  const billingAccess = useScopeAccess('billing');
  const visitor: PricingVisitor = user === null ? 'signed-out' : billingAccess === 'granted' ? 'billing' : 'member';
  const current = useCurrentPlan({ enabled: visitor === 'billing' });
  const { purchase, change } = useSubscriptionMutations();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const attempt = useAttemptKey();
  const banner = useErrorBanner();
  const toast = useToast();
  useReportFailure(current.error, banner.show);

  if (plans.isPending) return <FullPageSpinner label="Loading plans" />;
  const list = plans.data ?? [];
  const highlightedIndex = list.length > 2 ? 1 : -1;
  const columns = list.length >= 4 ? 'max-w-7xl xl:grid-cols-4' : 'max-w-5xl lg:grid-cols-3';
  const currentPlan = current.data;

  async function subscribe(plan: Plan) {
    if (!currentPlan) return;
    const subscribing = currentPlan.subscription === null;
    const idempotencyKey = attempt.keyFor({ planId: plan.id, subscribing });
    try {
      const result = subscribing
        ? await purchase.mutateAsync({ planId: plan.id, idempotencyKey })
        : await change.mutateAsync({ planId: plan.id, idempotencyKey });
      attempt.settle();
      // With Stripe and no saved card: pay on Checkout, which brings the customer back to Billing & Usage.
      if (result.checkout_url) return goToCheckout(result.checkout_url);
      toast.success(planChangedText(result));
    } catch (error) {
      if (isSettledAnswer(error)) attempt.settle();
      banner.show(error);
    } finally {
      setChosen(null);
    }
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
      {chosen && currentPlan ? (
        <ConfirmDialog
          variant="primary"
          title={currentPlan.subscription ? `Switch to ${chosen.name}?` : `Subscribe to ${chosen.name}?`}
          description={`${formatMoney(chosen.price, chosen.currency)} / ${chosen.billing_cycle}. ${planChangeNote(currentPlan, chosen)}`}
          confirmLabel={currentPlan.subscription ? 'Switch plan' : 'Subscribe'}
          pendingLabel="Saving..."
          pending={purchase.isPending || change.isPending}
          onConfirm={() => void subscribe(chosen)}
          onCancel={() => setChosen(null)}
        />
      ) : null}
    </>
  );
}
