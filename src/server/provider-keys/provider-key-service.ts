import { messages, type KeyedProvider, type ProviderKeyView, type SetProviderKeyRequest } from '../../contracts';
import type { AddressGuard } from '../../gateway';
import type { SecretBox } from '../auth/secret-box';
import type { Executor } from '../db/database';
import { notFound, validationFailed } from '../http/app-error';
import type { OrganisationProviders } from './organisation-providers';
import {
  deleteProviderKey,
  listProviderKeys,
  saveProviderKey,
  type ProviderKeyRecord,
} from './provider-key-repository';

export interface ProviderKeyDependencies {
  db: Executor;
  secrets: SecretBox;
  providers: OrganisationProviders;
  /** Keeps organisations' base URLs on public addresses (and the networks the operator allows). */
  addressGuard: Pick<AddressGuard, 'checkUrl'>;
}

/** Never the key itself: its last four characters at most. */
function presentProviderKey(row: ProviderKeyRecord): ProviderKeyView {
  return {
    provider: row.provider,
    key_hint: row.keyHint,
    base_url: row.baseUrl,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listOrganisationKeys(
  dependencies: ProviderKeyDependencies,
  orgId: string,
): Promise<ProviderKeyView[]> {
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
  if (input.base_url) await requirePublicBaseUrl(dependencies, input.base_url);
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

/** Checked again on every connection (a name may resolve elsewhere later); this catches mistakes early. */
async function requirePublicBaseUrl(dependencies: ProviderKeyDependencies, baseUrl: string): Promise<void> {
  const refusal = await dependencies.addressGuard.checkUrl(baseUrl);
  if (!refusal) return;
  const message =
    refusal.reason === 'unresolvable'
      ? messages.providerUrlUnresolvable
      : messages.providerUrlNotPublic(refusal.address, refusal.addressClass);
  throw validationFailed(message, { base_url: message });
}

export async function removeOrganisationKey(
  dependencies: ProviderKeyDependencies,
  orgId: string,
  provider: KeyedProvider,
): Promise<void> {
  if (!(await deleteProviderKey(dependencies.db, orgId, provider))) throw notFound();
  dependencies.providers.forget(orgId);
}
