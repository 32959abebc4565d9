import type { Role } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCount } from '../../admin/lib/format';
import { fallbackModelName } from '../../role-management/lib/model-groups';
import type { ManagedUser } from '../lib/managed-users';
import { isAboveWarning, summedRoleLimits, usagePercent } from '../lib/usage-math';
import { UsageBar } from './usage-bar';
import { formatMoney } from '../../../lib/format-money';

interface UserUsageDialogProps {
  user: ManagedUser;
  /** The user's role with its limits; undefined when the roles could not be loaded. */
  role: Role | undefined;
  modelNames: ReadonlyMap<string, string>;
  /** The month counted, 'YYYY-MM'. */
  month: string | undefined;
  onClose: () => void;
}

function monthLabel(month: string | undefined): string {
  if (!month) return 'This month';
  const [year, monthNumber] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1));
  return `This month (${date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })})`;
}

/** Per-user usage (spec section 2): token and cost bars against the role's summed limits, a warning above 90%, and the model breakdown. */
export function UserUsageDialog({ user, role, modelNames, month, onClose }: UserUsageDialogProps) {
  const limits = role ? summedRoleLimits(role) : undefined;
  const tokenPercent = limits && limits.tokens !== null ? usagePercent(user.total_tokens, limits.tokens) : null;
  const costPercent = limits && limits.cost !== null ? usagePercent(user.total_cost, limits.cost) : null;
  const overLimits = [
    tokenPercent !== null && isAboveWarning(tokenPercent) ? 'token' : null,
    costPercent !== null && isAboveWarning(costPercent) ? 'cost' : null,
  ].filter(Boolean);
  const limitText = (limit: number | null | undefined, format: (value: number) => string) =>
    limit === null ? 'unlimited' : limit === undefined ? 'unknown' : format(limit);

  return (
    <Dialog
      title={`Usage for ${user.username}`}
      description={`${user.role} · ${monthLabel(month)}`}
      onClose={onClose}
      panelClassName="max-w-2xl"
    >
      <div className="mt-4 space-y-4">
        {limits === undefined ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The limits of this user's role could not be loaded.
          </p>
        ) : null}
        <UsageBar
          label="Tokens"
          amountText={`${formatCount(user.total_tokens)} of ${limitText(limits?.tokens, formatCount)} tokens`}
          percent={tokenPercent}
        />
        <UsageBar
          label="Cost"
          amountText={`${formatMoney(user.total_cost)} of ${limitText(limits?.cost, formatMoney)}`}
          percent={costPercent}
        />
        {overLimits.length > 0 ? (
          <p
            role="alert"
            data-tone="warning"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            Warning: {user.username} has used over 90% of the monthly {overLimits.join(' and ')}{' '}
            {overLimits.length > 1 ? 'limits' : 'limit'} of their role.
          </p>
        ) : null}
        <section aria-labelledby="usage-breakdown-title">
          <h3 id="usage-breakdown-title" className="text-sm font-semibold text-slate-900 dark:text-white">
            Usage by model
          </h3>
          {user.monthly_usage.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No usage this month.</p>
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Model
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Tokens
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Cost
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Requests
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {user.monthly_usage.map((usage) => (
                    <tr key={usage.model_id}>
                      <th scope="row" className="py-1.5 pr-3 font-normal break-all">
                        {modelNames.get(usage.model_id) ?? fallbackModelName(usage.model_id)}
                      </th>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(usage.tokens_used)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{formatMoney(usage.cost)}</td>
                      <td className="py-1.5 text-right tabular-nums">{formatCount(usage.requests)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
