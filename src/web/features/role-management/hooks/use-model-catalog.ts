import type { ChatModel, KeyedProvider, OrganisationModel, OrganisationModelKind } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { conversationApi } from '../../chat/api/conversation-api';
import { chatModelsQueryKey, chatModelsStaleTime } from '../../chat/hooks/use-chat-models';
import { listOrganisationModels, organisationModelsKey } from '../api/organisation-models-api';
import type { ListedRole } from '../api/roles-api';
import { fallbackModelName, modelGroupOf, modelGroups, type ModelGroup } from '../lib/model-groups';
import { useRoles } from './use-roles';

export interface CatalogModelEntry {
  id: string;
  name: string;
  group: ModelGroup;
  /** A chat model, or an embedding model that programs call through /v1/embeddings. */
  kind: OrganisationModelKind;
  /** Whether a key (the instance's or the organisation's) or the enabled local model reaches it. */
  reachable: boolean;
  /** The provider whose key it needs; null for the local model or a model the server no longer has. */
  keyProvider: KeyedProvider | null;
}

/**
 * Every model a role can name, with display names: the catalog and the embedding models as the
 * organisation reaches them (GET /org/{orgId}/models), and any model a role still lists that the
 * server no longer has.
 * Without that answer, the chat's offered models stand in and nothing is marked as unreachable.
 * Sorted by group, then name.
 */
function buildModelCatalog(
  roles: readonly ListedRole[],
  organisationModels: readonly OrganisationModel[] | undefined,
  offered: readonly ChatModel[],
): CatalogModelEntry[] {
  const entries = new Map<string, CatalogModelEntry>();
  const add = (
    id: string,
    name: string,
    reachable: boolean,
    keyProvider: KeyedProvider | null,
    kind: OrganisationModelKind = modelGroupOf(id) === 'Embedding' ? 'embedding' : 'chat',
  ) => {
    const group = kind === 'embedding' ? 'Embedding' : modelGroupOf(id);
    if (!entries.has(id)) entries.set(id, { id, name, group, kind, reachable, keyProvider });
  };
  if (organisationModels) {
    for (const model of organisationModels)
      add(model.model_id, model.name, model.reachable, model.key_provider, model.kind);
    for (const role of roles)
      for (const permission of role.permissions)
        add(permission.model_id, fallbackModelName(permission.model_id), false, null);
  } else {
    for (const model of offered) add(model.model_id, model.name, true, null);
    for (const role of roles)
      for (const permission of role.permissions)
        add(permission.model_id, fallbackModelName(permission.model_id), true, null);
  }
  return [...entries.values()].sort(
    (first, second) =>
      modelGroups.indexOf(first.group) - modelGroups.indexOf(second.group) || first.name.localeCompare(second.name),
  );
}

/**
 * The catalog for the model pickers. `reach`: read what the organisation can reach, which only its
 * admins may (roles, the default model); others (user managers naming models in usage) go by the
 * chat's list.
 */
export function useModelCatalog({ reach = true }: { reach?: boolean } = {}) {
  const orgId = useOrganisationId();
  const roles = useRoles();
  const organisationModels = useQuery({
    queryKey: organisationModelsKey(orgId),
    queryFn: () => listOrganisationModels(orgId),
    enabled: reach && orgId !== '',
    staleTime: 30_000,
  });
  // When the organisation's models are not read: the chat's list, the other call that names models.
  const offered = useQuery({
    queryKey: chatModelsQueryKey,
    queryFn: conversationApi.listModels,
    staleTime: chatModelsStaleTime,
    select: (answer) => answer.models,
    enabled: !reach || organisationModels.isError,
  });
  const catalog = useMemo(
    () => buildModelCatalog(roles.data ?? [], organisationModels.data, offered.data ?? []),
    [roles.data, organisationModels.data, offered.data],
  );
  const byId = useMemo(() => new Map(catalog.map((model) => [model.id, model])), [catalog]);
  const names = useMemo(() => new Map(catalog.map((model) => [model.id, model.name])), [catalog]);
  return {
    catalog,
    byId,
    names,
    isPending: roles.isPending || (reach ? organisationModels.isPending : offered.isPending),
  };
}
