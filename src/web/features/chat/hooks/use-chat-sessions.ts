import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { User } from '@contracts';
import { useToast } from '../../../components/toast/toast-context';
import { conversationApi } from '../api/conversation-api';
import type { ChatAction } from '../state/chat-reducer';
import { isLocalSessionId, messageFromView, sessionFromView } from '../state/chat-types';

/** Long enough to notice the toast and reach its Undo; the server keeps a deleted session far longer. */
const undoToastDurationMs = 10_000;

/** Loading, selecting, renaming, deleting (with Undo) and restoring sessions, with the sidebar toasts of spec section 8. */
export function useChatSessions(user: User | null, currentSessionId: string | null, dispatch: Dispatch<ChatAction>) {
  const toast = useToast();
  const loadedSessionIds = useRef(new Set<string>());
  // Read by Undo, which runs later than the render that made it.
  const openSessionId = useRef(currentSessionId);
  const orgId = user?.orgId;
  const userId = user?.id;

  useEffect(() => {
    openSessionId.current = currentSessionId;
  }, [currentSessionId]);

  useEffect(() => {
    if (!orgId || !userId) return;
    let active = true;
    conversationApi
      .listSessions(orgId, userId)
      .then((sessions) => active && dispatch({ type: 'sessions-loaded', sessions: sessions.map(sessionFromView) }))
      .catch((error: Error) => active && toast.error(error.message));
    return () => {
      active = false;
    };
  }, [orgId, userId, dispatch, toast]);

  useEffect(() => {
    if (!currentSessionId || isLocalSessionId(currentSessionId) || loadedSessionIds.current.has(currentSessionId))
      return;
    loadedSessionIds.current.add(currentSessionId);
    dispatch({ type: 'messages-loading' });
    conversationApi
      .getSession(currentSessionId)
      .then((session) =>
        dispatch({ type: 'messages-loaded', sessionId: session.id, messages: session.messages.map(messageFromView) }),
      )
      .catch(() => {
        loadedSessionIds.current.delete(currentSessionId);
        dispatch({ type: 'messages-failed' });
        toast.error('Failed to load messages for this chat');
      });
  }, [currentSessionId, dispatch, toast]);

  const showVersion = useCallback(
    async (messageId: string, version: number) => {
      try {
        const session = await conversationApi.showMessageVersion(messageId, version);
        dispatch({ type: 'messages-loaded', sessionId: session.id, messages: session.messages.map(messageFromView) });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Could not show that version');
      }
    },
    [dispatch, toast],
  );

  const markLoaded = useCallback((sessionId: string) => loadedSessionIds.current.add(sessionId), []);

  const selectSession = useCallback(
    (sessionId: string | null) => {
      if (sessionId !== null && !sessionId.trim()) {
        toast.error('Could not load chat: Invalid session ID');
        return;
      }
      dispatch({ type: 'session-selected', sessionId });
    },
    [dispatch, toast],
  );

  const renameSession = useCallback(
    async (sessionId: string, title: string) => {
      try {
        await conversationApi.renameSession(sessionId, title);
        dispatch({ type: 'session-renamed', sessionId, title });
        toast.success('Chat name updated');
      } catch {
        toast.error('Failed to rename chat session');
      }
    },
    [dispatch, toast],
  );

  /** Brings a deleted session back into the list as the server has it; reopens it if it was open and nothing else is now. */
  const restoreSession = useCallback(
    async (sessionId: string, wasOpen: boolean) => {
      if (!orgId || !userId) return;
      try {
        const restored = await conversationApi.restoreSession(sessionId);
        const sessions = await conversationApi.listSessions(orgId, userId);
        const nothingOpen = openSessionId.current === null;
        dispatch({ type: 'sessions-loaded', sessions: sessions.map(sessionFromView) });
        dispatch({ type: 'messages-loaded', sessionId, messages: restored.messages.map(messageFromView) });
        loadedSessionIds.current.add(sessionId);
        if (wasOpen && nothingOpen) dispatch({ type: 'session-selected', sessionId });
      } catch {
        toast.error('Failed to restore chat session');
      }
    },
    [orgId, userId, dispatch, toast],
  );

  const deleteSession = useCallback(
    async (sessionId: string) => {
      const wasOpen = openSessionId.current === sessionId;
      try {
        // A session never saved has nothing on the server to bring back.
        const saved = !isLocalSessionId(sessionId);
        if (saved) await conversationApi.deleteSession(sessionId);
        loadedSessionIds.current.delete(sessionId);
        dispatch({ type: 'session-deleted', sessionId });
        toast.success(
          'Chat session deleted',
          saved
            ? {
                durationMs: undoToastDurationMs,
                action: { label: 'Undo', onClick: () => void restoreSession(sessionId, wasOpen) },
              }
            : undefined,
        );
      } catch {
        toast.error('Failed to delete chat session');
      }
    },
    [dispatch, toast, restoreSession],
  );

  const clearSessions = useCallback(async () => {
    if (!orgId || !userId) return;
    try {
      await conversationApi.clearSessions(orgId, userId);
      loadedSessionIds.current.clear();
      dispatch({ type: 'sessions-cleared' });
      toast.success('All conversations cleared');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to clear conversations');
    }
  }, [orgId, userId, dispatch, toast]);

  /** History deleted from App Settings: the server already holds no sessions, so only the screen is reset. */
  const forgetSessions = useCallback(() => {
    loadedSessionIds.current.clear();
    dispatch({ type: 'sessions-cleared' });
  }, [dispatch]);

  return { markLoaded, showVersion, selectSession, renameSession, deleteSession, clearSessions, forgetSessions };
}
