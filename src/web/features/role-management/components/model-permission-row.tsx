import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import type { CatalogModelEntry } from '../hooks/use-model-catalog';
import { needsKeyText, providerKeysPath } from '../lib/provider-names';
import type { PermissionDraft, RoleFormProblems } from '../lib/role-draft';

type LimitField = 'max_tokens_per_request' | 'monthly_token_limit' | 'cost_limit';

const limitFields: readonly { field: LimitField; label: string; min: number; step: string }[] = [
  { field: 'max_tokens_per_request', label: 'Max tokens per request', min: 1, step: '1' },
  { field: 'monthly_token_limit', label: 'Monthly token limit', min: 1, step: '1' },
  { field: 'cost_limit', label: 'Cost limit (USD)', min: 0, step: '0.01' },
];
// An embedding has no reply for a per-request maximum to size: its input tokens count against the month.
const embeddingLimitFields = limitFields.filter(({ field }) => field !== 'max_tokens_per_request');

interface ModelPermissionRowProps {
  model: CatalogModelEntry;
  row: PermissionDraft;
  index: number;
  unlimited: boolean;
  problems: RoleFormProblems;
  onChange: (row: PermissionDraft) => void;
}

/**
 * One model of the role form: enabled, and its three limits (or 'Unlimited' for admin-named roles);
 * an embedding model has the monthly token and cost limits only.
 * A model no key reaches yet cannot be enabled, and says where a key is added; one the role
 * already enables can still be turned off.
 */
export function ModelPermissionRow({ model, row, index, unlimited, problems, onChange }: ModelPermissionRowProps) {
  const checkboxId = `permission-${index}-enabled`;
  const hintId = `permission-${index}-needs-key`;
  return (
    <li className={`rounded-md border border-slate-200 p-3 dark:border-slate-800 ${row.isEnabled ? '' : 'opacity-70'}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <input
          id={checkboxId}
          type="checkbox"
          aria-label={`Enable ${model.name}`}
          checked={row.isEnabled}
          disabled={!model.reachable && !row.isEnabled}
          aria-describedby={model.reachable ? undefined : hintId}
          onChange={(event) => onChange({ ...row, isEnabled: event.target.checked })}
          className="h-4 w-4 rounded border-slate-300 text-brand focus-visible:outline-2 focus-visible:outline-brand-ink"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {model.name}
        </label>
        <span className="text-xs break-all text-slate-600 dark:text-slate-400">{model.id}</span>
      </div>
      {model.reachable ? null : (
        <p id={hintId} className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          {needsKeyText(model.keyProvider)}
          {model.keyProvider ? (
            <>
              {': '}
              <Link to={providerKeysPath} className="font-medium text-brand-ink underline">
                add one under Provider Keys
              </Link>
            </>
          ) : null}
          .
        </p>
      )}
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {(model.kind === 'embedding' ? embeddingLimitFields : limitFields).map(({ field, label, min, step }) =>
          unlimited ? (
            <p key={field} className="text-sm text-slate-600 dark:text-slate-300">
              <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">{label}</span>
              Unlimited
            </p>
          ) : (
            <TextField
              key={field}
              label={label}
              aria-label={`${model.name} ${label.toLowerCase()}`}
              type="number"
              inputMode={step === '1' ? 'numeric' : 'decimal'}
              min={min}
              step={step}
              value={row[field]}
              error={problems[`permissions.${index}.${field}`]}
              onChange={(event) => onChange({ ...row, [field]: event.target.value })}
            />
          ),
        )}
      </div>
    </li>
  );
}
