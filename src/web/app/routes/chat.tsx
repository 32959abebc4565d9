import { Link, useNavigate } from 'react-router';
import { NotAvailable } from '../../components/not-available';
import { useToast } from '../../components/toast/toast-context';
import { Button, buttonStyle } from '../../components/ui/button';
import { isAdminUser, useAuth } from '../../features/auth/hooks/use-auth';
import { Logo } from '../layout/logo';

/** The chat screen has no top bar (spec section 2), so this stand-in offers the ways out itself. */
export function ChatPage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();

  async function signOut() {
    await logout();
    toast.success('Successfully logged out');
    await navigate('/', { replace: true });
  }

  return (
    <div className="px-4 py-6">
      <Logo to="/chat" />
      <p className="mt-6 text-center text-sm text-slate-500">Signed in as {user?.username}</p>
      <NotAvailable feature="Chat">
        <Link to="/profile/settings" className={buttonStyle('secondary')}>
          Profile Settings
        </Link>
        <Link to="/settings/app" className={buttonStyle('secondary')}>
          App Settings
        </Link>
        {isAdminUser(user) ? (
          <Link to="/admin" className={buttonStyle('secondary')}>
            Dashboard
          </Link>
        ) : null}
        <Button variant="ghost" onClick={() => void signOut()}>
          Logout
        </Button>
      </NotAvailable>
    </div>
  );
}
