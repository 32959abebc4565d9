import { messages } from '../../contracts';
import type { Database } from '../db/database';
import { requirePlanFeature } from '../billing/plan-features';
import { forbidden } from '../http/app-error';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { listAuditEntries } from '../audit/audit-repository';

/**
 * A page of the audit log. Changes are recorded whatever the setting and the plan (so turning audit
 * on, or upgrading, shows what happened before); reading needs a plan with audit logging
 * (docs/decisions/041) and the organisation's enable_audit on (docs/decisions/018).
 */
export async function readAuditLog(db: Database, orgId: string, page: number, limit: number) {
  // The plan first (docs/decisions/041): what is recorded meanwhile is there once the plan includes it.
  await requirePlanFeature(db, orgId, 'audit_log');
  if (!(await getOrganisationSettings(db, orgId)).enable_audit) throw forbidden(messages.auditDisabled);
  const { entries, total } = await listAuditEntries(db, orgId, { offset: (page - 1) * limit, limit });
  return { entries, total, page, limit };
}
