import { salesEmail, type CurrentPlan, type Plan } from '@contracts';
import { Link } from 'react-router';
import { Button, buttonStyle } from '../../../components/ui/button';
import { freePlanId } from '../../billing/lib/plan-change';

export type PricingVisitor = 'signed-out' | 'member' | 'billing';

interface PlanActionProps {
  plan: Plan;
  visitor: PricingVisitor;
  current: CurrentPlan | undefined;
  highlighted: boolean;
  onChoose: (plan: Plan) => void;
}

const noteStyle = 'text-center text-sm text-slate-600 dark:text-slate-400';

/** Visitors sign up; signed-in people without the billing scope ask an administrator; admins and billing managers subscribe or switch. */
export function PlanAction({ plan, visitor, current, highlighted, onChoose }: PlanActionProps) {
  const variant = highlighted ? 'primary' : 'secondary';
  // Arranged with sales (docs/decisions/041): no Subscribe, for anyone.
  if (plan.contact_sales && current?.id !== plan.id) {
    return (
      <a
        href={`mailto:${salesEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`}
        className={buttonStyle(variant, 'w-full')}
      >
        Contact sales
      </a>
    );
  }
  if (visitor === 'signed-out') {
    return (
      <Link to="/signup" className={buttonStyle(variant, 'w-full')}>
        Get started
      </Link>
    );
  }
  if (visitor === 'member') {
    return (
      <div className="space-y-2">
        <p className={noteStyle}>Ask an administrator of your organization to change the plan.</p>
        <Link to="/chat" className={buttonStyle('secondary', 'w-full')}>
          Go to the app
        </Link>
      </div>
    );
  }
  if (!current)
    return (
      <Button variant={variant} className="w-full" disabled>
        Loading...
      </Button>
    );
  if (current.id === plan.id) {
    return (
      <Link to="/admin/billing" className={buttonStyle('secondary', 'w-full')}>
        Manage in Billing &amp; Usage
      </Link>
    );
  }
  if (plan.id === freePlanId || plan.price <= 0)
    return (
      <p className={noteStyle}>
        Cancel your plan in Billing &amp; Usage to return to the Free Trial at the end of the period.
      </p>
    );
  return (
    <Button variant={variant} className="w-full" onClick={() => onChoose(plan)}>
      {current.subscription ? `Switch to ${plan.name}` : `Subscribe to ${plan.name}`}
    </Button>
  );
}
