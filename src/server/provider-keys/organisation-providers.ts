import type { ProviderCredentials, ProviderName } from '../../gateway';
import type { SecretBox } from '../auth/secret-box';
import type { Executor } from '../db/database';
import { listProviderKeys, type ProviderKeyRecord } from './provider-key-repository';

/** The credentials each organisation calls models with (the metered calls build its gateway from them). */
export interface OrganisationProviders {
  /** The organisation's own keys, each replacing the instance's key for its provider. */
  credentialsFor(orgId: string): Promise<ProviderCredentials>;
  /**
   * The credentials a call is made with and the providers it calls with the instance's keys (what
   * their models cost is paid from the wallet, docs/decisions/022; not the organisation's own keys'
   * providers, nor the embedded model), from one read, so the two always agree.
   */
  callingFor(orgId: string): Promise<ModelCalling>;
  /** Drops the cached credentials after the organisation's keys changed. */
  forget(orgId: string): void;
}

interface ModelCalling {
  credentials: ProviderCredentials;
  instancePaid: ReadonlySet<ProviderName>;
}

export interface OrganisationProvidersOptions {
  db: Executor;
  secrets: SecretBox;
  instanceCredentials: ProviderCredentials;
  /** How the organisations' own base URLs are reached: an AddressGuard's fetch. */
  organisationFetch: typeof globalThis.fetch;
  /** Another instance may have changed the keys; cached credentials live this long. Defaults to 30 s. */
  cacheMilliseconds?: number;
}

export function createOrganisationProviders(options: OrganisationProvidersOptions): OrganisationProviders {
  const cache = new Map<
    string,
    { at: number; credentials: ProviderCredentials; instancePaid: ReadonlySet<ProviderName> }
  >();
  const lifetime = options.cacheMilliseconds ?? 30_000;

  async function entryFor(orgId: string) {
    const cached = cache.get(orgId);
    if (cached && Date.now() - cached.at < lifetime) return cached;
    const keys = await listProviderKeys(options.db, orgId);
    const credentials = mergeCredentials(options.instanceCredentials, keys, options.secrets, options.organisationFetch);
    const entry = {
      at: Date.now(),
      credentials,
      instancePaid: instancePaidProviders(options.instanceCredentials, credentials),
    };
    cache.set(orgId, entry);
    return entry;
  }

  return {
    credentialsFor: async (orgId) => (await entryFor(orgId)).credentials,
    callingFor: async (orgId) => {
      const { credentials, instancePaid } = await entryFor(orgId);
      return { credentials, instancePaid };
    },
    forget: (orgId) => void cache.delete(orgId),
  };
}

/**
 * The instance's credentials with each of the organisation's keys (opened) in place of its
 * provider's. A base URL the organisation chose is reached through `organisationFetch`; the
 * instance's own base URLs, set by the operator, keep the global fetch.
 */
export function mergeCredentials(
  instance: ProviderCredentials,
  keys: readonly ProviderKeyRecord[],
  secrets: SecretBox,
  organisationFetch: typeof globalThis.fetch,
): ProviderCredentials {
  const merged: ProviderCredentials = { ...instance };
  for (const key of keys) {
    const apiKey = key.apiKeyEncrypted ? secrets.open(key.apiKeyEncrypted) : undefined;
    const baseURL = key.baseUrl ?? undefined;
    if (key.provider === 'openai-compatible') {
      if (baseURL)
        merged['openai-compatible'] = apiKey
          ? { baseURL, apiKey, fetch: organisationFetch }
          : { baseURL, fetch: organisationFetch };
    } else if (apiKey) {
      merged[key.provider] = baseURL ? { apiKey, baseURL, fetch: organisationFetch } : { apiKey };
    }
  }
  return merged;
}

/** The providers whose merged credential is still the instance's own (the organisation set none in its place). */
function instancePaidProviders(instance: ProviderCredentials, merged: ProviderCredentials): ReadonlySet<ProviderName> {
  const providers = Object.keys(instance) as (keyof ProviderCredentials)[];
  return new Set(
    providers.filter((provider) => merged[provider] !== undefined && merged[provider] === instance[provider]),
  );
}
