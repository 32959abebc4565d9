import { Button } from '../../../components/ui/button';
import { isInvited, type ManagedUser } from '../lib/managed-users';

export interface UserActionHandlers {
  onChangeRole: (user: ManagedUser) => void;
  onViewUsage: (user: ManagedUser) => void;
  onRemove: (user: ManagedUser) => void;
  onResendInvitation: (user: ManagedUser) => void;
}

export function UserRowActions({
  user,
  onChangeRole,
  onViewUsage,
  onRemove,
  onResendInvitation,
}: UserActionHandlers & { user: ManagedUser }) {
  const small = 'px-2.5 py-1 text-xs';
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button
        variant="secondary"
        className={small}
        aria-label={`Change Role for ${user.username}`}
        onClick={() => onChangeRole(user)}
      >
        Change Role
      </Button>
      <Button
        variant="secondary"
        className={small}
        aria-label={`View Usage for ${user.username}`}
        onClick={() => onViewUsage(user)}
      >
        View Usage
      </Button>
      {isInvited(user) ? (
        <Button
          variant="secondary"
          className={small}
          aria-label={`Resend invitation to ${user.username}`}
          onClick={() => onResendInvitation(user)}
        >
          Resend invitation
        </Button>
      ) : null}
      <Button
        variant="ghost"
        className={`${small} text-red-700 dark:text-red-400`}
        aria-label={`Remove ${user.username}`}
        onClick={() => onRemove(user)}
      >
        Remove
      </Button>
    </div>
  );
}
