import type { Organisation } from '@contracts';
import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';
import { Card, Facts } from '../../admin/components/card';
import { formatCount, formatDate, formatDateTime } from '../../admin/lib/format';
import type { OrganizationUsageSummary } from '../lib/organization-usage';
import { formatMoney } from '../../../lib/format-money';

export function AccountInformationCard({ organization }: { organization: Organisation }) {
  return (
    <Card title="Account Information">
      <Facts
        facts={[
          { label: 'Subscription', value: organization.subscription_tier },
          { label: 'Created', value: formatDate(organization.created_at) },
          { label: 'Organization ID', value: <span className="font-mono text-xs break-all">{organization.id}</span> },
        ]}
      />
    </Card>
  );
}

/** Spec section 2: both links lead to /admin/users. */
export function TeamOverviewCard({ organization }: { organization: Organisation }) {
  const link = buttonStyle('secondary', '', 'sm');
  return (
    <Card title="Team Overview">
      <Facts
        facts={[
          { label: 'Users', value: formatCount(organization.total_users) },
          { label: 'Roles', value: formatCount(organization.total_roles) },
        ]}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/admin/users" className={link}>
          Manage Users
        </Link>
        <Link to="/admin/users" className={link}>
          Manage Roles
        </Link>
      </div>
    </Card>
  );
}

/** All time; zeros when the usage could not be read (spec section 8). */
export function UsageSummaryCard({ usage }: { usage: OrganizationUsageSummary }) {
  return (
    <Card title="Usage Summary" actions={<span className="text-xs text-slate-500 dark:text-slate-400">All time</span>}>
      <Facts
        facts={[
          { label: 'API Requests', value: formatCount(usage.totalRequests) },
          { label: 'Tokens Used', value: formatCount(usage.totalTokens) },
          { label: 'Total Cost', value: formatMoney(usage.totalCost) },
          { label: 'Last Active', value: usage.lastActive ? formatDateTime(usage.lastActive) : 'Never' },
        ]}
      />
    </Card>
  );
}
