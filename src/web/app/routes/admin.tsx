import { NotAvailable } from '../../components/not-available';

/** Later-issue admin screens; the layout around them already enforces access. */
export function AdminDashboardPage() {
  return <NotAvailable feature="The admin dashboard" />;
}
export function UserManagementPage() {
  return <NotAvailable feature="User management" />;
}
export function RoleManagementPage() {
  return <NotAvailable feature="Role management" />;
}
export function ModelAnalyticsPage() {
  return <NotAvailable feature="Model analytics" />;
}
export function BillingPage() {
  return <NotAvailable feature="Billing and usage" />;
}
export function OrganizationSettingsPage() {
  return <NotAvailable feature="Organization settings" />;
}
