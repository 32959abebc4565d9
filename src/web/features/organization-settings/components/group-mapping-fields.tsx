import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../admin/components/form-fields';

export interface RoleOption {
  id: string;
  name: string;
}

interface GroupMappingFieldsProps {
  mappings: { group: string; roleId: string }[];
  roles: RoleOption[];
  problems: Record<string, string>;
  onChange: (mappings: { group: string; roleId: string }[]) => void;
}

/** Groups of the identity provider (claim values, or SCIM groups) and the role each gives; the first match wins. */
export function GroupMappingFields({ mappings, roles, problems, onChange }: GroupMappingFieldsProps) {
  const update = (index: number, change: Partial<{ group: string; roleId: string }>) =>
    onChange(mappings.map((mapping, at) => (at === index ? { ...mapping, ...change } : mapping)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Group mappings</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        In order: the first group a person is in decides their role; people in none get the role for new people.
      </p>
      {problems.group_mappings ? (
        <p className="text-sm text-red-600 dark:text-red-400">{problems.group_mappings}</p>
      ) : null}
      {mappings.map((mapping, index) => (
        // Rows have no identity of their own; their position is what the server stores.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order is the data
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={`Group ${index + 1}`}
            value={mapping.group}
            error={problems[`group_mappings.${index}.group`]}
            onChange={(event) => update(index, { group: event.target.value })}
          />
          <SelectField
            label={`Role for group ${index + 1}`}
            value={mapping.roleId}
            error={problems[`group_mappings.${index}.role_id`]}
            onChange={(event) => update(index, { roleId: event.target.value })}
          >
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
          <Button
            variant="ghost"
            aria-label={`Remove group mapping ${index + 1}`}
            onClick={() => onChange(mappings.filter((_mapping, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => onChange([...mappings, { group: '', roleId: roles[0]?.id ?? '' }])}
        disabled={roles.length === 0}
      >
        Add group mapping
      </Button>
    </fieldset>
  );
}
