import { keyedProviders, type KeyedProvider, type OrganisationModels } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { OrganisationProviders } from './organisation-providers';

export interface OrganisationModelsDependencies {
  catalog: readonly CatalogModel[];
  /** The embedding models (docs/decisions/060), listed after the chat catalog for the role form. */
  embeddingModels?: readonly CatalogModel[];
  providers: OrganisationProviders;
  localModelEnabled: boolean;
}

const keyedProvider = (provider: string): KeyedProvider | null =>
  keyedProviders.find((candidate) => candidate === provider) ?? null;

/**
 * Every catalog model (then every embedding model) and how the organisation reaches it, from the same credentials its replies
 * are called with: the instance's key, its own key (which replaces the instance's), the enabled
 * local model, or nothing yet.
 */
export async function listOrganisationModels(
  dependencies: OrganisationModelsDependencies,
  orgId: string,
): Promise<OrganisationModels> {
  const credentials = await dependencies.providers.credentialsFor(orgId);
  const { instancePaid } = await dependencies.providers.callingFor(orgId);
  return {
    models: [
      ...dependencies.catalog.map((model) => ({ model, kind: 'chat' as const })),
      ...(dependencies.embeddingModels ?? []).map((model) => ({ model, kind: 'embedding' as const })),
    ].map(({ model, kind }) => {
      const reachedThrough =
        model.provider === 'local'
          ? dependencies.localModelEnabled
            ? ('local' as const)
            : null
          : credentials[model.provider] === undefined
            ? null
            : instancePaid.has(model.provider)
              ? ('instance' as const)
              : ('organisation' as const);
      return {
        model_id: model.id,
        name: model.displayName,
        provider: model.provider,
        reachable: reachedThrough !== null,
        reached_through: reachedThrough,
        key_provider: keyedProvider(model.provider),
        kind,
      };
    }),
  };
}
