import { useQuery } from '@tanstack/react-query';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { getPlans } from '../api/get-plans';
import { PlanCard } from './plan-card';

export function PricingPlans() {
  const { user } = useAuth();
  const plans = useQuery({ queryKey: ['subscription', 'plans'], queryFn: getPlans, retry: false });
  if (plans.isPending) return <FullPageSpinner label="Loading plans" />;
  const list = plans.data ?? [];
  const highlightedIndex = list.length > 2 ? 1 : -1;
  const columns = list.length >= 4 ? 'max-w-7xl xl:grid-cols-4' : 'max-w-5xl lg:grid-cols-3';
  return (
    <div className={`mx-auto grid gap-6 md:grid-cols-2 ${columns}`}>
      {list.map((plan, index) => (
        <PlanCard key={plan.id} plan={plan} highlighted={index === highlightedIndex} signedIn={user !== null} />
      ))}
    </div>
  );
}
