import { z } from 'zod';
import { organisationIdSchema } from './ids';
import { keyedProviders } from './provider-keys';

/**
 * How the organisation reaches a model: the instance's key for its provider, the organisation's
 * own key, or the embedded local model (no key). Null: no key for its provider yet.
 */
export const modelReachSchema = z.enum(['instance', 'organisation', 'local']).nullable();
export type ModelReach = z.infer<typeof modelReachSchema>;

/** What a listed model is for: the chat catalog, or the embedding models (docs/decisions/060). */
export const organisationModelKinds = ['chat', 'embedding'] as const;
export type OrganisationModelKind = (typeof organisationModelKinds)[number];

/** /org/{orgId}/models. */
export const organisationModelsPathSchema = z.object({ orgId: organisationIdSchema });

/**
 * GET /org/{orgId}/models (organisation admins): every catalog model, then every embedding model, with whether the
 * organisation can reach it, for the pickers of roles and the default model. A model that cannot
 * be reached may still be named there (docs/decisions/044): it becomes usable once a key is added.
 */
export const organisationModelsResponseSchema = z.object({
  models: z.array(
    z.object({
      model_id: z.string(),
      name: z.string(),
      provider: z.string(),
      reachable: z.boolean(),
      reached_through: modelReachSchema,
      /** The provider whose key would make the model reachable; null for the local model. */
      key_provider: z.enum(keyedProviders).nullable(),
      /** A chat model, or an embedding model (for programs' /v1/embeddings), which roles grant but chat never picks. */
      kind: z.enum(organisationModelKinds).default('chat'),
    }),
  ),
});
export type OrganisationModels = z.infer<typeof organisationModelsResponseSchema>;
export type OrganisationModel = OrganisationModels['models'][number];
