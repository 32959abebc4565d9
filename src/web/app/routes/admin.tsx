import { lazy, Suspense, type ReactNode } from 'react';
import { FullPageSpinner } from '../../components/ui/spinner';

const UserManagement = lazy(() =>
  import('../../features/user-management/components/user-management').then((module) => ({
    default: module.UserManagement,
  })),
);
const RoleManagement = lazy(() =>
  import('../../features/role-management/components/role-management').then((module) => ({
    default: module.RoleManagement,
  })),
);
const AdminDashboard = lazy(() =>
  import('../../features/dashboard/components/admin-dashboard').then((module) => ({ default: module.AdminDashboard })),
);
const ModelAnalytics = lazy(() =>
  import('../../features/model-analytics/components/model-analytics').then((module) => ({
    default: module.ModelAnalytics,
  })),
);
const Billing = lazy(() =>
  import('../../features/billing/components/billing-page').then((module) => ({ default: module.BillingPage })),
);
const OrganisationApiKeys = lazy(() =>
  import('../../features/api-keys/components/organisation-api-keys').then((module) => ({
    default: module.OrganisationApiKeys,
  })),
);
const OrganizationSettings = lazy(() =>
  import('../../features/organization-settings/components/organization-settings').then((module) => ({
    default: module.OrganizationSettings,
  })),
);
const SingleSignOnCard = lazy(() =>
  import('../../features/organization-settings/components/single-sign-on-card').then((module) => ({
    default: module.SingleSignOnCard,
  })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner label="Loading" />}>{children}</Suspense>;
}

/** The layout around these pages already enforces access. */
export function AdminDashboardPage() {
  return (
    <Loading>
      <AdminDashboard />
    </Loading>
  );
}

/** /dashboard: an admin's dashboard outside the admin tabs. */
export function StandaloneDashboardPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AdminDashboardPage />
    </div>
  );
}
export function UserManagementPage() {
  return (
    <Loading>
      <UserManagement />
    </Loading>
  );
}
export function RoleManagementPage() {
  return (
    <Loading>
      <RoleManagement />
    </Loading>
  );
}
export function ModelAnalyticsPage() {
  return (
    <Loading>
      <ModelAnalytics />
    </Loading>
  );
}
export function BillingPage() {
  return (
    <Loading>
      <Billing />
    </Loading>
  );
}
export function OrganizationSettingsPage() {
  return (
    <>
      <Loading>
        <OrganizationSettings />
      </Loading>
      {/* Beside the page's form, not in it: it has forms of its own, saved apart from Edit Settings.
          Its own boundary, so the page does not wait for the card's code. */}
      <Suspense fallback={null}>
        <SingleSignOnCard />
      </Suspense>
    </>
  );
}
export function ApiKeysPage() {
  return (
    <Loading>
      <OrganisationApiKeys />
    </Loading>
  );
}
