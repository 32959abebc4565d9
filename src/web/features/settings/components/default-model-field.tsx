import type { ChatModel } from '@contracts';
import { modelLabel } from '../../../lib/model-label';
import { SelectField } from './settings-fields';

const automaticValue = '';

/** The real models the caller may use plus 'Automatic' (null: the server's router picks). */
export function DefaultModelField({
  value,
  models,
  loading,
  failed,
  onChange,
}: {
  value: string | null;
  models: ChatModel[] | undefined;
  loading: boolean;
  failed: boolean;
  onChange: (value: string | null) => void;
}) {
  const available = models ?? [];
  const savedButUnavailable = value !== null && !available.some((model) => model.model_id === value);
  const hint = loading
    ? 'Loading the models you can use...'
    : failed
      ? 'The model list could not be loaded; Automatic is always available.'
      : 'Automatic lets Tokenwise pick a suitable model for each message.';
  return (
    <SelectField
      label="Default AI Model"
      hint={hint}
      value={value ?? automaticValue}
      onChange={(next) => onChange(next === automaticValue ? null : next)}
    >
      <option value={automaticValue}>Automatic (recommended)</option>
      {available.map((model) => (
        <option key={model.model_id} value={model.model_id}>
          {model.name} ({modelLabel(model)})
        </option>
      ))}
      {savedButUnavailable && !loading ? <option value={value}>{value} (not available)</option> : null}
      {savedButUnavailable && loading ? <option value={value}>{value}</option> : null}
    </SelectField>
  );
}
