import type { LocalModelStatusResponse } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { conversationApi } from '../api/conversation-api';

/** A reply that starts within this time needs no word about the model loading. */
const localModelCheckDelayMs = 1000;
const pollIntervalMs = 1000;

/**
 * While a reply has been 'Thinking' for a moment, asks the server whether the embedded model is
 * loading (its first reply after a start waits for it, ~16 s on 2 cores), every second until the
 * reply starts. Undefined while there is nothing to say.
 */
export function useLocalModelLoading(): LocalModelStatusResponse | undefined {
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), localModelCheckDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const { data } = useQuery({
    queryKey: ['conversation', 'local-model'],
    queryFn: conversationApi.localModelStatus,
    enabled: waitedLong,
    refetchInterval: (query) =>
      query.state.data?.state === 'ready' || query.state.data?.state === 'disabled' ? false : pollIntervalMs,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return data?.state === 'preparing' || data?.state === 'loading' ? data : undefined;
}
