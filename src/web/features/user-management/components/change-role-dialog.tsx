import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputStyle } from '../../../components/ui/text-field';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import type { ListedRole } from '../../role-management/api/roles-api';
import type { ManagedUser } from '../lib/managed-users';

interface ChangeRoleDialogProps {
  user: ManagedUser;
  roles: readonly ListedRole[];
  /** Roles the signed-in person may not give (the server refuses them too) are shown but disabled. */
  mayAssign: (role: ListedRole) => boolean;
  onAssign: (roleId: string) => Promise<unknown>;
  onClose: () => void;
}

/** Change Role (spec section 2): picking a role assigns it at once. */
export function ChangeRoleDialog({ user, roles, mayAssign, onAssign, onClose }: ChangeRoleDialogProps) {
  const selectId = useId();
  const [selected, setSelected] = useState(user.role_id);
  const [pending, setPending] = useState(false);
  const banner = useErrorBanner();

  async function assign(roleId: string) {
    if (roleId === selected) return;
    const previous = selected;
    setSelected(roleId);
    setPending(true);
    try {
      await onAssign(roleId);
    } catch (error) {
      setSelected(previous);
      banner.show(error);
      setPending(false);
    }
  }

  return (
    <Dialog
      title="Change Role"
      description={`Choose a new role for ${user.username}. It applies to their next request.`}
      onClose={onClose}
    >
      <div className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
            Role
          </label>
          <select
            id={selectId}
            data-autofocus
            className={inputStyle}
            value={selected}
            disabled={pending}
            onChange={(event) => void assign(event.target.value)}
          >
            {roles.map((role) => (
              <option key={role.id} value={role.id} disabled={!mayAssign(role) && role.id !== selected}>
                {role.name}
              </option>
            ))}
          </select>
          {pending ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" role="status">
              Assigning...
            </p>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
