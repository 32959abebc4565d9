import { organisationModelsResponseSchema, type OrganisationModel } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /org/{orgId}/models: every catalog model, and whether a key reaches it. */
export async function listOrganisationModels(orgId: string): Promise<OrganisationModel[]> {
  const answer = await apiRequest(`/org/${encodeURIComponent(orgId)}/models`, {
    schema: organisationModelsResponseSchema,
  });
  return answer.models;
}

/** Adding or removing a provider key changes the answer: invalidate this. */
export const organisationModelsKey = (orgId: string) => ['admin', orgId, 'models'] as const;
