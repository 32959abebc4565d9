import {
  emailSchema,
  messages,
  updateOrganisationRequestSchema,
  type Organisation,
  type UpdateOrganisationRequest,
} from '@contracts';
import { problemsFrom, type FormProblems } from './form-problems';

export interface OrganizationDraft {
  name: string;
  contact_email: string;
  size: string;
  domain: string;
  industry: string;
}

/** Spec section 5: the form asks for the contact e-mail too; the server keeps it when left out. */
const organizationFormSchema = updateOrganisationRequestSchema.extend({
  contact_email: emailSchema(messages.contactEmailRequired),
});

export function organizationDraftOf(organization: Organisation): OrganizationDraft {
  return {
    name: organization.name,
    contact_email: organization.contact_email ?? '',
    size: organization.size ?? '',
    domain: organization.domain ?? '',
    industry: organization.industry ?? '',
  };
}

/** The whole form as PUT /org/{orgId} takes it: an empty domain, size or industry clears it. */
export function validateOrganizationDraft(draft: OrganizationDraft): {
  values?: UpdateOrganisationRequest;
  problems: FormProblems;
} {
  const parsed = organizationFormSchema.safeParse(draft);
  if (parsed.success) return { values: parsed.data, problems: {} };
  return { problems: problemsFrom(parsed.error.issues) };
}
