import { useState } from 'react';
import { useScopeCheck } from '../../access/hooks/use-scope-access';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import type { ListedRole } from '../api/roles-api';
import { useModelCatalog } from '../hooks/use-model-catalog';
import { useRoleMutations } from '../hooks/use-role-mutations';
import { useRoles } from '../hooks/use-roles';
import { RoleCard } from './role-card';
import { RoleFormDialog } from './role-form-dialog';

/** /admin/roles: the organisation's roles with their models, and create, edit and delete (spec section 2). */
export function RoleManagement() {
  const roles = useRoles();
  const { catalog, byId } = useModelCatalog();
  const { save, remove } = useRoleMutations();
  const banner = useErrorBanner();
  const toast = useToast();
  const [form, setForm] = useState<{ role?: ListedRole } | null>(null);
  const [deleting, setDeleting] = useState<ListedRole | null>(null);
  const scopeCheck = useScopeCheck();
  const mayEditScopes = scopeCheck !== 'loading' && scopeCheck('admin');
  useReportFailure(roles.error, banner.show);

  async function confirmDelete(role: ListedRole) {
    try {
      await remove.mutateAsync(role.id);
      toast.success(`Role '${role.name}' deleted`);
    } catch (error) {
      banner.show(error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="role-management-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="role-management-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Role Management
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Which models each role may use, and its limits per person each month.
          </p>
        </div>
        <Button onClick={() => setForm({})} disabled={roles.isPending}>
          Create Role
        </Button>
      </div>
      <ErrorBanner banner={banner} />
      {roles.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading roles" />
        </div>
      ) : roles.data && roles.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {roles.data.map((role) => (
            <RoleCard
              key={role.id}
              role={role}
              models={byId}
              onEdit={() => setForm({ role })}
              onDelete={() => setDeleting(role)}
            />
          ))}
        </ul>
      ) : (
        <p className="py-12 text-center text-slate-600 dark:text-slate-400">
          {roles.error ? 'The roles could not be loaded.' : 'No roles yet. Click Create Role to add one.'}
        </p>
      )}
      {form ? (
        <RoleFormDialog
          role={form.role}
          catalog={catalog}
          mayEditScopes={mayEditScopes}
          onClose={() => setForm(null)}
          onSave={async (values) => {
            await save.mutateAsync({ roleId: form.role?.id, role: values });
            toast.success(form.role ? `Role '${values.name}' updated` : `Role '${values.name}' created`);
            setForm(null);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete role?"
          description={`Delete the role '${deleting.name}'? This cannot be undone.`}
          confirmLabel="Delete Role"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
