import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logoutToastId, useToast } from '../../../../components/toast/toast-context';
import { useAdminEntry } from '../../../admin/hooks/use-admin-entry';
import { useAuth } from '../../../auth/hooks/use-auth';
import { AppSettingsModal } from '../../../settings';

const linkStyle =
  'block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The top bar is hidden on /chat, so the ways out live here (spec section 2). App Settings opens
 * as a modal so the conversation stays where it is.
 */
export function SidebarFooter({ onHistoryCleared }: { onHistoryCleared: () => void }) {
  const { user, logout } = useAuth();
  const adminEntry = useAdminEntry();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  async function signOut() {
    toast.info('Logging out...', { id: logoutToastId, keepOnNavigation: true });
    try {
      await logout();
      toast.success('Successfully logged out', { id: logoutToastId, keepOnNavigation: true });
    } catch {
      toast.error('There was a problem logging out', { id: logoutToastId, keepOnNavigation: true });
    }
    await navigate('/', { replace: true });
  }

  return (
    <nav aria-label="Account" className="space-y-0.5 border-t border-slate-200 p-2 dark:border-slate-800">
      {adminEntry ? (
        <Link to={adminEntry.path} className={linkStyle}>
          {adminEntry.label}
        </Link>
      ) : null}
      <Link to="/profile/settings" className={linkStyle}>
        Profile Settings
      </Link>
      <button type="button" className={`${linkStyle} w-full text-left`} onClick={() => setSettingsOpen(true)}>
        App Settings
      </button>
      <button type="button" className={`${linkStyle} w-full text-left`} onClick={() => void signOut()}>
        Logout
      </button>
      {user ? (
        <p className="truncate px-2 pt-1 text-xs text-slate-600 dark:text-slate-400">Signed in as {user.username}</p>
      ) : null}
      {settingsOpen ? (
        <AppSettingsModal
          onClose={() => setSettingsOpen(false)}
          onHistoryCleared={onHistoryCleared}
          onAccountDataDeleted={onHistoryCleared}
        />
      ) : null}
    </nav>
  );
}
