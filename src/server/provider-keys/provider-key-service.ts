import { messages, type KeyedProvider, type ProviderKeyView, type SetProviderKeyRequest } from '../../contracts';
import type { SecretBox } from '../auth/secret-box';
import type { Executor } from '../db/database';
import { notFound, validationFailed } from '../http/app-error';
import type { OrganisationProviders } from './organisation-providers';
import { deleteProviderKey, listProviderKeys, saveProviderKey, type ProviderKeyRecord } from './provider-key-repository';

export interface ProviderKeyDependencies {
  db: Executor;
  secrets: SecretBox;
  providers: OrganisationProviders;
}

/** Never the key itself: its last four characters at most. */
export function presentProviderKey(row: ProviderKeyRecord): ProviderKeyView {
  return { provider: row.provider, key_hint: row.keyHint, base_url: row.baseUrl, updated_at: row.updatedAt.toISOString() };
}

export async function listOrganisationKeys(dependencies: ProviderKeyDependencies, orgId: string): Promise<ProviderKeyView[]> {
  return (await listProviderKeys(dependencies.db, orgId)).map(presentProviderKey);
}

export async function setOrganisationKey(
  dependencies: ProviderKeyDependencies,
  orgId: string,
  provider: KeyedProvider,
  input: SetProviderKeyRequest,
): Promise<ProviderKeyView> {
  if (provider === 'openai-compatible' ? !input.base_url : !input.api_key) {
    const field = provider === 'openai-compatible' ? 'base_url' : 'api_key';
    throw validationFailed(messages.providerKeyIncomplete, { [field]: messages.providerKeyIncomplete });
  }
  const row = await saveProviderKey(dependencies.db, {
    orgId,
    provider,
    apiKeyEncrypted: input.api_key ? dependencies.secrets.seal(input.api_key) : null,
    keyHint: input.api_key ? `…${input.api_key.slice(-4)}` : null,
    baseUrl: input.base_url ?? null,
  });
  dependencies.providers.forget(orgId);
  return presentProviderKey(row);
}

export async function removeOrganisationKey(dependencies: ProviderKeyDependencies, orgId: string, provider: KeyedProvider): Promise<void> {
  if (!(await deleteProviderKey(dependencies.db, orgId, provider))) throw notFound();
  dependencies.providers.forget(orgId);
}
