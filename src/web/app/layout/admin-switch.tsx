import { Link, useLocation } from 'react-router';
import { useAdminEntry } from '../../features/admin/hooks/use-admin-entry';
import { navLinkStyle } from './nav-link-style';

/**
 * The Chat/Dashboard switch (spec section 2), for everyone who may open part of /admin: admins go
 * to the dashboard, managers to their own section, named as its tab is.
 */
export function AdminSwitch() {
  const { pathname } = useLocation();
  const entry = useAdminEntry();
  if (!entry) return null;
  const inAdminArea = pathname === '/admin' || pathname.startsWith('/admin/');
  return inAdminArea ? (
    <Link to="/chat" className={navLinkStyle}>
      Chat
    </Link>
  ) : (
    <Link to={entry.path} className={navLinkStyle}>
      {entry.label}
    </Link>
  );
}
