import type { Scope } from '@contracts';

export interface AdminSection {
  label: string;
  path: string;
  scope: Scope;
}

/** The admin tabs in spec order, with the scope each part of /admin asks for (spec section 2). */
export const adminSections: readonly AdminSection[] = [
  { label: 'Dashboard', path: '/admin', scope: 'admin' },
  { label: 'User Management', path: '/admin/users', scope: 'user-management' },
  { label: 'Role Management', path: '/admin/roles', scope: 'admin' },
  { label: 'Billing & Usage', path: '/admin/billing', scope: 'billing' },
  { label: 'Organization', path: '/admin/organization', scope: 'admin' },
];

/** Model analytics has no tab of its own but its own scope. */
const modelAnalytics: AdminSection = { label: 'Model Analytics', path: '/admin/models', scope: 'model-management' };

export function findAdminSection(pathname: string): AdminSection {
  const candidates = [...adminSections, modelAnalytics].filter((section) => section.path !== '/admin');
  const match = candidates.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
  return match ?? (adminSections[0] as AdminSection);
}
