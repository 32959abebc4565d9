import { Link } from 'react-router';
import { SelectField } from '../../admin/components/form-fields';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import { providerKeysPath } from '../../role-management/lib/provider-names';

export const autoModel = 'Auto (the router chooses)';

interface DefaultModelFieldProps {
  models: readonly CatalogModelEntry[];
  value: string;
  error?: string;
  onChange: (modelId: string) => void;
}

/**
 * The organisation's default model: Auto or a model it can reach. Models that need a key first are
 * listed apart and cannot be picked; one already saved stays as it is, marked.
 */
export function DefaultModelField({ models, value, error, onChange }: DefaultModelFieldProps) {
  const reachable = models.filter((model) => model.reachable);
  const needingKey = models.filter((model) => !model.reachable);
  return (
    <SelectField
      label="Default model"
      value={value}
      error={error}
      hint={
        needingKey.length > 0 ? (
          <>
            Models of a provider without a key need one first:{' '}
            <Link to={providerKeysPath} className="font-medium text-brand-ink underline">
              add it under Provider Keys
            </Link>
            .
          </>
        ) : undefined
      }
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{autoModel}</option>
      {reachable.map((model) => (
        <option key={model.id} value={model.id}>
          {model.name}
        </option>
      ))}
      {needingKey.length > 0 ? (
        <optgroup label="Needs a provider key">
          {needingKey.map((model) => (
            <option key={model.id} value={model.id} disabled={model.id !== value}>
              {model.name} (needs a key)
            </option>
          ))}
        </optgroup>
      ) : null}
    </SelectField>
  );
}
