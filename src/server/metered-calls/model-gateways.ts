import type { CatalogModel, ProviderCredentials } from '../../gateway';
import {
  createEmbeddingGateway,
  createModelGateway,
  type ChatProvider,
  type EmbeddingGateway,
} from '../../gateway/model-calling';
import type { EmbeddedModel } from './embedded-model';

/** The model gateway each set of credentials calls through; only the metered calls ask it. */
export interface ModelGateways {
  for(credentials: ProviderCredentials): ChatProvider;
  /** The embedding gateway for the same credentials (POST /v1/embeddings). */
  embeddingsFor(credentials: ProviderCredentials): EmbeddingGateway;
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
  const embeddingGateways = new WeakMap<ProviderCredentials, EmbeddingGateway>();
  return {
    embeddingsFor(credentials) {
      let gateway = embeddingGateways.get(credentials);
      if (!gateway) {
        gateway = createEmbeddingGateway(credentials);
        embeddingGateways.set(credentials, gateway);
      }
      return gateway;
    },
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
