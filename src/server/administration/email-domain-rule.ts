import { emailDomainOf, isEmailDomainAllowed, organisationRuleMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { validationFailed } from '../http/app-error';
import { refuseSingleSignOnOnlyAddress } from '../single-sign-on/enforcement';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';

/**
 * A new person's e-mail address must be at one of the organisation's allowed domains (none listed:
 * any). Run inside the administrative change, under the organisation's lock, so a settings change
 * cannot slip between the check and the insert. At a domain where the organisation enforces single
 * sign-on, nobody is invited or given a password: they arrive through the identity provider.
 */
export async function refuseDisallowedEmailDomain(executor: Executor, orgId: string, email: string): Promise<void> {
  await refuseSingleSignOnOnlyAddress(executor, orgId, email);
  const allowed = (await getOrganisationSettings(executor, orgId)).security.allowed_domains;
  if (isEmailDomainAllowed(email, allowed)) return;
  const message = organisationRuleMessages.emailDomainNotAllowed(emailDomainOf(email), allowed);
  throw validationFailed(message, { email: message });
}
