import type { Scope } from '@contracts';
import { useId } from 'react';
import { CheckboxField } from '../../admin/components/form-fields';

/** What each scope lets a role's holders do, as Role Management shows it (spec section 6). */
const scopeLabels: Record<Scope, { label: string; hint: string }> = {
  admin: { label: 'Administrator', hint: 'Every administration area and every model without limits.' },
  'user-management': { label: 'User management', hint: 'Add people, change their roles and see their usage.' },
  'model-management': { label: 'Model management', hint: 'The routing policy and model analytics.' },
  billing: { label: 'Billing', hint: 'Plans, the wallet, invoices and usage costs.' },
};

interface RoleScopesFieldProps {
  scopes: readonly Scope[];
  unlimited: boolean;
  /** Only administrators change what a role may do; others see it read-only. */
  editable: boolean;
  onChange: (change: { scopes: Scope[]; unlimited: boolean }) => void;
}

/** The "Permissions" group of the role form: the role's stored scopes and "Unlimited use" (docs/decisions/059). */
export function RoleScopesField({ scopes: chosen, unlimited, editable, onChange }: RoleScopesFieldProps) {
  const hintId = useId();
  const administrator = chosen.includes('admin');
  const toggle = (scope: Scope, checked: boolean) =>
    onChange({
      scopes: checked ? [...chosen, scope] : chosen.filter((existing) => existing !== scope),
      unlimited,
    });
  return (
    <fieldset aria-describedby={hintId} className="space-y-2">
      <legend className="text-base font-semibold text-slate-900 dark:text-white">Permissions</legend>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {editable
          ? 'What holders of this role may do. Renaming the role changes none of this.'
          : 'Only administrators can change what a role may do.'}
      </p>
      {(Object.keys(scopeLabels) as Scope[]).map((scope) => (
        <CheckboxField
          key={scope}
          label={scopeLabels[scope].label}
          hint={scopeLabels[scope].hint}
          // The administrator scope includes the others.
          checked={chosen.includes(scope) || (scope !== 'admin' && administrator)}
          disabled={!editable || (scope !== 'admin' && administrator)}
          onChange={(checked) => toggle(scope, checked)}
        />
      ))}
      <CheckboxField
        label="Unlimited use"
        hint="Every limit of every model the role enables at the largest value."
        checked={unlimited || administrator}
        disabled={!editable || administrator}
        onChange={(checked) => onChange({ scopes: [...chosen], unlimited: checked })}
      />
    </fieldset>
  );
}
