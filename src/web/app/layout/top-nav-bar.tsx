import { useLocation } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { AdminSwitch } from './admin-switch';
import { SignedOutActions } from './signed-out-actions';
import { UserMenu } from './user-menu';

/** Spec section 2: on every page except the chat screen. */
export function TopNavBar() {
  const { pathname } = useLocation();
  const { user, token } = useAuth();
  if (pathname === '/chat' || pathname.startsWith('/chat/')) return null;
  const signedInUser = token ? user : null;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo to={signedInUser ? '/chat' : '/'} />
        {signedInUser ? (
          <div className="flex items-center gap-2">
            <AdminSwitch />
            <UserMenu user={signedInUser} />
          </div>
        ) : (
          <SignedOutActions />
        )}
      </div>
    </header>
  );
}
