import { formatCount } from '../../admin/lib/format';
import { modelsUsed, type ManagedUser } from '../lib/managed-users';
import { InvitedBadge } from './invited-badge';
import { UserRowActions, type UserActionHandlers } from './user-row-actions';
import { formatMoney } from '../../../lib/format-money';

const headings = ['Username', 'Email', 'Role', 'Total Tokens', 'Models Used', 'Total Cost', 'Actions'];

/** Wide screens: one row per person. */
export function UserTable({ users, ...actions }: UserActionHandlers & { users: readonly ManagedUser[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
          <tr>
            {headings.map((heading, index) => (
              <th key={heading} scope="col" className={`px-3 py-2 ${index >= 3 && index <= 5 ? 'text-right' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => (
            <tr key={user.user_id}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900 dark:text-white">
                {user.username}
                <InvitedBadge user={user} />
              </th>
              <td className="px-3 py-2 break-all text-slate-700 dark:text-slate-300">{user.email}</td>
              <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{user.role}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(user.total_tokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{modelsUsed(user)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(user.total_cost)}</td>
              <td className="px-3 py-2">
                <UserRowActions user={user} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
