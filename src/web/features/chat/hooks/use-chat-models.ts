import { useQuery } from '@tanstack/react-query';
import { conversationApi } from '../api/conversation-api';

/** The same key as App Settings' model list and the admin model catalog: one call answers all three. */
export const chatModelsQueryKey = ['conversation', 'models'] as const;
export const chatModelsStaleTime = 5 * 60_000;
const staleTime = chatModelsStaleTime;

/** Only the models the caller's role allows, with the caller's own limits (issue 3). */
export function useChatModels() {
  return useQuery({
    queryKey: chatModelsQueryKey,
    queryFn: conversationApi.listModels,
    staleTime,
    select: (answer) => answer.models,
  });
}

/**
 * Where the model selector starts (docs/decisions/021): the person's own default model, else their
 * organisation's, while open to them; null is Auto. Undefined until the list has loaded.
 */
export function useStartingModelId(): string | null | undefined {
  return useQuery({
    queryKey: chatModelsQueryKey,
    queryFn: conversationApi.listModels,
    staleTime,
    select: (answer) => answer.default_model_id,
  }).data;
}
