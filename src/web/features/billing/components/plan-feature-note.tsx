import { Link } from 'react-router';

/** Beside a control the organisation's plan lacks (docs/decisions/041): which plan has it, and where to change the plan. */
export function PlanFeatureNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="plan-feature-note">
      {note}{' '}
      <Link to="/pricing" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        Compare plans
      </Link>
    </p>
  );
}
