import { isInvited, type ManagedUser } from '../lib/managed-users';

/** Marks someone invited who has not chosen their password yet. */
export function InvitedBadge({ user }: { user: Pick<ManagedUser, 'status'> }) {
  if (!isInvited(user)) return null;
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      Invited
    </span>
  );
}
