import type { AuditEntry } from '@contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { selectErrorMessage } from '../../../lib/api-error';
import { Card } from '../../admin/components/card';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';
import { formatDateTime } from '../../admin/lib/format';
import { auditPageSize } from '../api/organization-api';
import { useAuditLog } from '../hooks/use-organization-data';
import { auditChanges, describeAuditEntry } from '../lib/audit-changes';

const auditOffNote =
  "The audit log is turned off for this organization. Choose Edit Settings and turn on 'Enable audit log' to read who changed roles, users and settings, and when.";

/** Changes up to this many fields are shown open; longer ones (a new role's every model) fold. */
const openChangesUpTo = 8;

function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm text-slate-900 dark:text-slate-100">
          <span className="font-semibold">{entry.actor_username}</span> {describeAuditEntry(entry)}
        </p>
        <time dateTime={entry.created_at} className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      {changes.length > 0 ? (
        <details className="mt-1" open={changes.length <= openChangesUpTo}>
          <summary className="cursor-pointer text-xs text-brand-ink">
            Before and after ({changes.length} {changes.length === 1 ? 'field' : 'fields'})
          </summary>
          <div className="mt-1 overflow-x-auto">
            <table className="w-full text-left text-xs">
              <thead className="text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.field} className="align-top">
                    <th scope="row" className="py-0.5 pr-3 font-mono font-normal break-all">
                      {change.field}
                    </th>
                    <td className="py-0.5 pr-3 break-all text-slate-600 dark:text-slate-300">{change.before ?? '—'}</td>
                    <td className="py-0.5 break-all text-slate-900 dark:text-slate-100">{change.after ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** The audit log, newest first, a page at a time; readable only while audit is on. */
export function AuditLogCard({ auditEnabled }: { auditEnabled: boolean }) {
  const [page, setPage] = useState(1);
  // Reading the log is the plan's (docs/decisions/041); changes are recorded all the same.
  const plan = usePlanFeature('audit_log');
  const log = useAuditLog(page, auditEnabled && plan.included !== false);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / auditPageSize));

  return (
    <Card title="Audit Log" className="lg:col-span-2">
      {plan.included === false ? (
        <FormAlert tone="info">
          {plan.note} Changes are recorded meanwhile, and shown once the plan includes audit logging.{' '}
          <Link to="/pricing" className="font-medium underline">
            Compare plans
          </Link>
        </FormAlert>
      ) : !auditEnabled ? (
        <FormAlert tone="info">{auditOffNote}</FormAlert>
      ) : log.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the audit log" />
        </div>
      ) : log.error ? (
        <FormAlert tone="error">{selectErrorMessage(log.error)}</FormAlert>
      ) : log.data.entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No changes recorded yet.</p>
      ) : (
        <>
          <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Audit entries">
            {log.data.entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ol>
          <nav aria-label="Audit log pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
            >
              Previous
            </Button>
            <span className="text-slate-600 dark:text-slate-400">
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </Card>
  );
}
