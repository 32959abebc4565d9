import { PricingPlans } from '../../features/pricing/components/pricing-plans';

export function PricingPage() {
  return (
    <div className="px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">Pricing</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">
          Simple plans for teams of every size. Routing and caching are included in all of them.
        </p>
      </div>
      <div className="mt-12">
        <PricingPlans />
      </div>
    </div>
  );
}
