import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { conversationApi } from '../api/conversation-api';

/** Typing pauses this long before a search is sent, so each keystroke is not a request. */
const debounceMs = 250;

/** Searches the caller's conversations for `text` (once typing pauses), page by page. */
export function useConversationSearch(text: string) {
  const wanted = text.trim();
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), debounceMs);
    return () => clearTimeout(timer);
  }, [wanted]);

  const query = useInfiniteQuery({
    queryKey: ['conversation', 'search', settled],
    queryFn: ({ pageParam }) => conversationApi.searchConversations(settled, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: settled.length > 0,
    staleTime: 0,
  });
  return {
    results: query.data?.pages.flatMap((page) => page.results) ?? [],
    isSearching: wanted !== settled || query.isFetching,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    /** The text the shown results are for. */
    searchedFor: settled,
  };
}
