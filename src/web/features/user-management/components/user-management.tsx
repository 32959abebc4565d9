import { mayHandleRole, scopes } from '@contracts';
import { useMemo, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { useIsNarrowScreen } from '../../../hooks/use-is-narrow-screen';
import { useScopeCheck } from '../../access/hooks/use-scope-access';
import type { ListedRole } from '../../role-management/api/roles-api';
import { useModelCatalog } from '../../role-management/hooks/use-model-catalog';
import { useRoles } from '../../role-management/hooks/use-roles';
import { useManagedUsers } from '../hooks/use-managed-users';
import { useUserMutations } from '../hooks/use-user-mutations';
import { allRoles, filterUsers, rolesPresent, type ManagedUser } from '../lib/managed-users';
import { ChangeRoleDialog } from './change-role-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { UserCards } from './user-cards';
import { UserFilters } from './user-filters';
import { UserTable } from './user-table';
import { UserUsageDialog } from './user-usage-dialog';

const noUsersText = 'No users found. Click the plus button to add a new user.';
const noMatchText = 'No users found matching your criteria';

type OpenDialog = { kind: 'create' } | { kind: 'role' | 'usage' | 'remove'; user: ManagedUser } | null;

/** /admin/users: the User Management card of spec section 2. */
export function UserManagement() {
  const managed = useManagedUsers();
  const roles = useRoles();
  const { names } = useModelCatalog({ reach: false });
  const { create, changeRole, remove, resendInvitation } = useUserMutations();
  const banner = useErrorBanner();
  const toast = useToast();
  const narrow = useIsNarrowScreen();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState(allRoles);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useReportFailure(managed.error ?? roles.error, banner.show);

  const filtered = useMemo(() => filterUsers(managed.users, search, roleFilter), [managed.users, search, roleFilter]);
  const roleList = roles.data ?? [];
  const scopeCheck = useScopeCheck();
  // The server decides; this only hides what it would refuse, from the scopes it sent with each role.
  const myAccess = { scopes: scopeCheck === 'loading' ? [] : scopes.filter(scopeCheck), unlimited: false };
  const mayAssign = (role: ListedRole) =>
    mayHandleRole(myAccess, { scopes: role.scopes ?? [], unlimited: role.unlimited ?? false });
  const close = () => setDialog(null);
  const clearFilters = () => {
    setSearch('');
    setRoleFilter(allRoles);
  };

  async function confirmRemove(user: ManagedUser) {
    try {
      await remove.mutateAsync(user.user_id);
      toast.success(`${user.username} was removed`);
    } catch (error) {
      banner.show(error);
    } finally {
      close();
    }
  }

  /** The person as the list has them now: usage read again after the dialog opened shows in it. */
  const usageOf = (opened: ManagedUser) => {
    const user = managed.users.find((candidate) => candidate.user_id === opened.user_id) ?? opened;
    return { user, role: roleList.find((role) => role.id === user.role_id) };
  };

  const actions = {
    onChangeRole: (user: ManagedUser) => setDialog({ kind: 'role', user }),
    onViewUsage: (user: ManagedUser) => setDialog({ kind: 'usage', user }),
    onRemove: (user: ManagedUser) => setDialog({ kind: 'remove', user }),
    onResendInvitation: (user: ManagedUser) =>
      resendInvitation.mutate(user.user_id, {
        onSuccess: (sent) => toast.success(`A new invitation is on its way to ${sent.email}`),
        onError: banner.show,
      }),
  };

  return (
    <section aria-labelledby="user-management-title">
      <div className="mb-4 flex items-center justify-between gap-3">
        <div>
          <h1 id="user-management-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            User Management
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            People in your organization, their roles and this month's usage.
          </p>
        </div>
        <Button
          size="icon"
          className="h-10 w-10 shrink-0 rounded-full text-xl"
          aria-label="Add user"
          title="Create New User"
          onClick={() => setDialog({ kind: 'create' })}
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
      <ErrorBanner banner={banner} />
      <UserFilters
        search={search}
        role={roleFilter}
        roles={rolesPresent(managed.users)}
        onSearch={setSearch}
        onRole={setRoleFilter}
      />
      {managed.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading users" />
        </div>
      ) : (
        <>
          <p className="mt-3 mb-3 text-sm text-slate-600 dark:text-slate-400" role="status">
            Showing {filtered.length} of {managed.users.length} users
            {managed.total > managed.users.length
              ? ` (the first ${managed.users.length} of ${managed.total} in your organization)`
              : ''}
          </p>
          {managed.users.length === 0 ? (
            <p className="py-10 text-center text-slate-600 dark:text-slate-400">{noUsersText}</p>
          ) : filtered.length === 0 ? (
            <div className="py-10 text-center">
              <p className="text-slate-600 dark:text-slate-400">{noMatchText}</p>
              <Button variant="secondary" className="mt-3" onClick={clearFilters}>
                Clear filters
              </Button>
            </div>
          ) : narrow ? (
            <UserCards users={filtered} {...actions} />
          ) : (
            <UserTable users={filtered} {...actions} />
          )}
        </>
      )}
      {dialog?.kind === 'create' ? (
        <CreateUserDialog
          roles={roleList.filter(mayAssign)}
          onClose={close}
          onCreate={async (values) => {
            const created = await create.mutateAsync(values);
            toast.success(
              created.invitation_sent
                ? `Invitation sent to ${values.email}: ${values.username} joins once they choose a password`
                : `User ${values.username} created`,
            );
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ChangeRoleDialog
          user={dialog.user}
          roles={roleList}
          mayAssign={mayAssign}
          onClose={close}
          onAssign={async (roleId) => {
            const updated = await changeRole.mutateAsync({ userId: dialog.user.user_id, roleId });
            toast.success(`${updated.name} is now ${updated.role_name}`);
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'usage' ? (
        <UserUsageDialog {...usageOf(dialog.user)} modelNames={names} month={managed.month} onClose={close} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title="Remove user?"
          description={`Remove ${dialog.user.username} from the organization? They can no longer sign in; their usage history stays.`}
          confirmLabel="Remove User"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() => void confirmRemove(dialog.user)}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}
