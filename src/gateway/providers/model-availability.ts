import type { CatalogModel, ProviderName } from '../catalog/catalog-schema';
import type { ProviderCredentials } from './credentials';

/** Facts besides credentials that make a provider usable. */
export interface AvailabilityOptions {
  /**
   * Whether the embedded local model is switched on (the server maps LOCAL_MODEL_ENABLED to it).
   * Defaults to true: it needs no key, so a fresh install can chat.
   */
  localModelEnabled?: boolean;
}

/** Whether the gateway could call this provider with these credentials. */
export function isProviderAvailable(
  provider: ProviderName,
  credentials: ProviderCredentials,
  options: AvailabilityOptions = {},
): boolean {
  if (provider === 'local') return options.localModelEnabled ?? true;
  return credentials[provider] !== undefined;
}

/** The catalog models a caller with these credentials can use, in catalog order. */
export function listAvailableModels(
  catalog: readonly CatalogModel[],
  credentials: ProviderCredentials,
  options: AvailabilityOptions = {},
): CatalogModel[] {
  return catalog.filter((model) => isProviderAvailable(model.provider, credentials, options));
}
