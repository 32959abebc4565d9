import { messages } from '../../contracts';
import type { Database } from '../db/database';
import { forbidden } from '../http/app-error';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { listAuditEntries } from './audit-repository';

/**
 * A page of the audit log. Changes are recorded whatever the setting (so turning audit on shows
 * what happened before); reading needs the organisation's enable_audit on (docs/decisions/018).
 */
export async function readAuditLog(db: Database, orgId: string, page: number, limit: number) {
  if (!(await getOrganisationSettings(db, orgId)).enable_audit) throw forbidden(messages.auditDisabled);
  const { entries, total } = await listAuditEntries(db, orgId, { offset: (page - 1) * limit, limit });
  return { entries, total, page, limit };
}
