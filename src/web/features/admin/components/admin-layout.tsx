import { messages } from '@contracts';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { AccessDenied } from './access-denied';
import { findAdminSection } from './admin-sections';
import { AdminTabs } from './admin-tabs';

/** /admin/*: tabs plus the section's scope check; denial shows Access Denied instead of redirecting. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const section = findAdminSection(pathname);
  const access = useScopeAccess(section.scope);
  const toast = useToast();

  useEffect(() => {
    if (access === 'denied') toast.error(messages.permissionDeniedToast, { id: 'permission-denied' });
  }, [access, toast]);

  if (access === 'loading') return <FullPageSpinner label="Checking access" />;
  if (access === 'denied') return <AccessDenied />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AdminTabs />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
