import type { KeyedProvider, SetProviderKeyRequest } from '@contracts';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { providerNames } from '../../role-management/lib/provider-names';

interface ProviderKeyFormProps {
  provider: KeyedProvider;
  saving: boolean;
  onSave: (key: SetProviderKeyRequest) => Promise<unknown>;
  onCancel: () => void;
  /** A failure that is not about one field, for the card's banner. */
  onFailure: (error: unknown) => void;
}

/**
 * A provider's key and, optionally, another address for it (an OpenAI-compatible server needs its
 * address; its key is optional). Not a <form>: the card sits beside the settings page's own form.
 */
export function ProviderKeyForm({ provider, saving, onSave, onCancel, onFailure }: ProviderKeyFormProps) {
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const compatible = provider === 'openai-compatible';
  const name = providerNames[provider];

  async function save() {
    const key: SetProviderKeyRequest = {};
    if (apiKey.trim()) key.api_key = apiKey.trim();
    if (baseUrl.trim()) key.base_url = baseUrl.trim();
    try {
      await onSave(key);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields);
      else onFailure(error);
    }
  }
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the grid of one provider's fields; a <fieldset> cannot be a CSS grid in every browser
    <div className="mt-3 grid gap-3 sm:grid-cols-2" role="group" aria-label={`${name} key`}>
      <TextField
        label={compatible ? 'API key (optional)' : 'API key'}
        type="password"
        autoComplete="off"
        data-autofocus
        value={apiKey}
        error={problems.api_key}
        onKeyDown={saveOnEnter}
        onChange={(event) => setApiKey(event.target.value)}
      />
      <TextField
        label={compatible ? 'Base URL' : 'Base URL (optional)'}
        type="url"
        inputMode="url"
        placeholder={compatible ? 'https://llm.example.com/v1' : "The provider's own address"}
        value={baseUrl}
        error={problems.base_url}
        onKeyDown={saveOnEnter}
        onChange={(event) => setBaseUrl(event.target.value)}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button size="sm" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save key'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
