import type { ChatModel } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { conversationApi } from '../../chat/api/conversation-api';
import { chatModelsQueryKey, chatModelsStaleTime } from '../../chat/hooks/use-chat-models';
import type { ListedRole } from '../api/roles-api';
import { fallbackModelName, modelGroupOf, modelGroups, type ModelGroup } from '../lib/model-groups';
import { useRoles } from './use-roles';

export interface CatalogModelEntry {
  id: string;
  name: string;
  group: ModelGroup;
}

/**
 * Every model a role can name: the Admin role reports the whole catalog, the offered models give
 * their names, and any role may still list one of its own. Sorted by group, then name.
 */
export function buildModelCatalog(roles: readonly ListedRole[], offered: readonly ChatModel[]): CatalogModelEntry[] {
  const names = new Map(offered.map((model) => [model.model_id, model.name]));
  const ids = new Set(offered.map((model) => model.model_id));
  for (const role of roles) for (const permission of role.permissions) ids.add(permission.model_id);
  return [...ids]
    .map((id) => ({ id, name: names.get(id) ?? fallbackModelName(id), group: modelGroupOf(id) }))
    .sort(
      (first, second) =>
        modelGroups.indexOf(first.group) - modelGroups.indexOf(second.group) || first.name.localeCompare(second.name),
    );
}

export function useModelCatalog() {
  const roles = useRoles();
  // GET /conversation/models: the models this server offers, with the names people read; the chat's query, so one call answers both.
  const offered = useQuery({
    queryKey: chatModelsQueryKey,
    queryFn: conversationApi.listModels,
    staleTime: chatModelsStaleTime,
    select: (answer) => answer.models,
  });
  const catalog = useMemo(() => buildModelCatalog(roles.data ?? [], offered.data ?? []), [roles.data, offered.data]);
  const names = useMemo(() => new Map(catalog.map((model) => [model.id, model.name])), [catalog]);
  return { catalog, names, isPending: roles.isPending || offered.isPending };
}
