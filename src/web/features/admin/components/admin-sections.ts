import type { Scope } from '@contracts';

export interface AdminSection {
  label: string;
  path: string;
  /** The stored scope the part asks for (docs/decisions/059); the dashboard and organisation pages ask for admin. */
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
const modelAnalyticsSection: AdminSection = {
  label: 'Model Analytics',
  path: '/admin/models',
  scope: 'model-management',
};

/** Every API key of the organisation: no tab of its own (spec section 2 fixes the tabs), linked from the Organization page. */
const apiKeysSection: AdminSection = { label: 'API Keys', path: '/admin/api-keys', scope: 'admin' };

export function findAdminSection(pathname: string): AdminSection {
  const candidates = [...adminSections, modelAnalyticsSection, apiKeysSection].filter(
    (section) => section.path !== '/admin',
  );
  const match = candidates.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
  return match ?? (adminSections[0] as AdminSection);
}

/**
 * Where someone enters /admin: the first section they may open, in tab order with model analytics
 * last (a model manager's only one); null for someone who may open none.
 */
export function firstOpenSection(grants: (scope: Scope) => boolean): AdminSection | null {
  return [...adminSections, modelAnalyticsSection].find((section) => grants(section.scope)) ?? null;
}
