import { formatCount } from '../../admin/lib/format';
import { modelsUsed, type ManagedUser } from '../lib/managed-users';
import { InvitedBadge } from './invited-badge';
import { UserRowActions, type UserActionHandlers } from './user-row-actions';
import { formatMoney } from '../../../lib/format-money';

/** Narrow screens (under 768 px): one card per person. */
export function UserCards({ users, ...actions }: UserActionHandlers & { users: readonly ManagedUser[] }) {
  return (
    <ul className="space-y-3" aria-label="Users">
      {users.map((user) => (
        <li
          key={user.user_id}
          className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          aria-label={user.username}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold break-all text-slate-900 dark:text-white">
                {user.username}
                <InvitedBadge user={user} />
              </p>
              <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
            </div>
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {user.role}
            </span>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Total Tokens</dt>
              <dd className="tabular-nums">{formatCount(user.total_tokens)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Models Used</dt>
              <dd className="tabular-nums">{modelsUsed(user)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Total Cost</dt>
              <dd className="tabular-nums">{formatMoney(user.total_cost)}</dd>
            </div>
          </dl>
          <div className="mt-3">
            <UserRowActions user={user} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
