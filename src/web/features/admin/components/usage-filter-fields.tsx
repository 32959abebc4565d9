import { usageSources, type UsageSource } from '@contracts';
import { useFilterKeys } from '../hooks/use-filter-keys';
import type { UsageFilterChoice } from '../lib/usage-filter';
import { SelectField } from './form-fields';

const sourceLabels: Record<UsageSource, string> = { chat: 'Chat', api: 'API' };

interface UsageFilterFieldsProps {
  choice: UsageFilterChoice;
  onChange: (choice: UsageFilterChoice) => void;
}

/** The Source and Key selects of the dashboard and model analytics. */
export function UsageFilterFields({ choice, onChange }: UsageFilterFieldsProps) {
  const keys = useFilterKeys();
  return (
    <>
      <SelectField
        label="Source"
        value={choice.source}
        onChange={(event) => onChange({ ...choice, source: event.target.value as UsageFilterChoice['source'] })}
      >
        <option value="all">All</option>
        {usageSources.map((source) => (
          <option key={source} value={source}>
            {sourceLabels[source]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Key"
        value={choice.apiKeyId}
        onChange={(event) => onChange({ ...choice, apiKeyId: event.target.value })}
      >
        <option value="">All keys</option>
        {(keys.data ?? []).map((key) => (
          <option key={key.id} value={key.id}>
            {key.name} ({key.prefix}){key.status === 'revoked' ? ', revoked' : ''}
          </option>
        ))}
      </SelectField>
    </>
  );
}
