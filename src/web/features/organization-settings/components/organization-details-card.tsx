import { organisationSizes, type Organisation } from '@contracts';
import { TextField } from '../../../components/ui/text-field';
import { Card, Facts } from '../../admin/components/card';
import { SelectField } from '../../admin/components/form-fields';
import type { FormProblems } from '../lib/form-problems';
import type { OrganizationDraft } from '../lib/organization-draft';

const notSet = 'Not set';

interface OrganizationDetailsCardProps {
  organization: Organisation;
  /** Present in edit mode. */
  draft?: OrganizationDraft;
  problems: FormProblems;
  onChange: (field: keyof OrganizationDraft, value: string) => void;
}

export function OrganizationDetailsCard({ organization, draft, problems, onChange }: OrganizationDetailsCardProps) {
  if (!draft) {
    return (
      <Card title="Organization Details">
        <Facts
          facts={[
            { label: 'Name', value: organization.name },
            { label: 'Contact email', value: organization.contact_email ?? notSet },
            { label: 'Size', value: organization.size ? `${organization.size} employees` : notSet },
            { label: 'Domain', value: organization.domain ?? notSet },
            { label: 'Industry', value: organization.industry ?? notSet },
          ]}
        />
      </Card>
    );
  }
  const field = (name: keyof OrganizationDraft) => ({
    value: draft[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  return (
    <Card title="Organization Details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="organization" data-autofocus {...field('name')} />
        <TextField label="Contact email" type="email" autoComplete="email" {...field('contact_email')} />
        <SelectField label="Size" {...field('size')}>
          <option value="">{notSet}</option>
          {organisationSizes.map((size) => (
            <option key={size} value={size}>
              {size} employees
            </option>
          ))}
        </SelectField>
        <TextField label="Domain" placeholder="example.com" {...field('domain')} />
        <TextField label="Industry" className="sm:col-span-2" {...field('industry')} />
      </div>
    </Card>
  );
}
