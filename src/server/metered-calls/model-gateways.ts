import type { CatalogModel, ProviderCredentials } from '../../gateway';
import { createModelGateway, type ChatProvider } from '../../gateway/model-calling';
import type { EmbeddedModel } from './embedded-model';

/** The model gateway each set of credentials calls through; only the metered calls ask it. */
export interface ModelGateways {
  for(credentials: ProviderCredentials): ChatProvider;
}

/**
 * One gateway per credentials object: an organisation's credentials are read again when its keys
 * change or its cache entry expires (organisation-providers.ts), and a new object gets a new
 * gateway, while the old one goes with the object.
 */
export function createModelGateways(options: {
  catalog: readonly CatalogModel[];
  embedded?: EmbeddedModel;
}): ModelGateways {
  const gateways = new WeakMap<ProviderCredentials, ChatProvider>();
  return {
    for(credentials) {
      let gateway = gateways.get(credentials);
      if (!gateway) {
        gateway = createModelGateway({
          credentials,
          catalog: options.catalog,
          localProvider: options.embedded?.provider,
        });
        gateways.set(credentials, gateway);
      }
      return gateway;
    },
  };
}
