import { messages, type Organisation, type UpdateOrganisationRequest } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { Database } from '../db/database';
import { notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { findOrganisation, updateOrganisationRecord } from './organisation-repository';

export async function getOrganisation(db: Database, orgId: string): Promise<Organisation> {
  const organisation = await findOrganisation(db, orgId);
  if (!organisation) throw notFound(messages.organizationNotFound);
  return organisation;
}

const audited = ({ name, domain, size, industry, contact_email }: Organisation) => ({
  name,
  domain,
  size,
  industry,
  contact_email,
});

export async function updateOrganisation(
  db: Database,
  caller: Caller,
  input: UpdateOrganisationRequest,
): Promise<Organisation> {
  return makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
    const before = await findOrganisation(transaction, caller.orgId);
    if (!before) throw notFound(messages.organizationNotFound);
    // A field left out (undefined) stays as it is; null clears it.
    await updateOrganisationRecord(transaction, caller.orgId, {
      name: input.name,
      domain: input.domain,
      size: input.size,
      industry: input.industry,
      contactEmail: input.contact_email,
    });
    const after = (await findOrganisation(transaction, caller.orgId))!;
    await record({
      action: 'organization.update',
      targetType: 'organization',
      targetId: caller.orgId,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
