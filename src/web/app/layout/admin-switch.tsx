import { Link, useLocation } from 'react-router';
import { navLinkStyle } from './nav-link-style';

/** Admins move between the chat and the admin area (spec section 2). */
export function AdminSwitch() {
  const { pathname } = useLocation();
  const inAdminArea = pathname === '/admin' || pathname.startsWith('/admin/');
  return inAdminArea ? (
    <Link to="/chat" className={navLinkStyle}>
      Chat
    </Link>
  ) : (
    <Link to="/admin" className={navLinkStyle}>
      Dashboard
    </Link>
  );
}
