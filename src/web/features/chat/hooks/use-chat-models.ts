import { useQuery } from '@tanstack/react-query';
import { conversationApi } from '../api/conversation-api';

/** Only the models the caller's role allows, with the caller's own limits (issue 3). */
export function useChatModels() {
  return useQuery({ queryKey: ['conversation', 'models'], queryFn: conversationApi.listModels, staleTime: 5 * 60_000 });
}
