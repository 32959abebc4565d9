import type { FeedbackRating, User } from '@contracts';
import { useCallback, type Dispatch } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { conversationApi } from '../api/conversation-api';
import type { ChatAction } from '../state/chat-reducer';
import type { ChatMessage } from '../state/chat-types';

/** Editing a sent message and rating a reply (spec section 4). */
export function useMessageEditing(user: User | null, dispatch: Dispatch<ChatAction>) {
  const toast = useToast();

  const edit = useCallback(
    async (message: ChatMessage, content: string) => {
      try {
        await conversationApi.editMessage(message.id, content);
        dispatch({ type: 'message-edited', messageId: message.id, content });
        return true;
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Failed to edit message');
        return false;
      }
    },
    [dispatch, toast],
  );

  const rate = useCallback(
    async (message: ChatMessage, rating: FeedbackRating) => {
      if (!user || !message.selectionId) return false;
      try {
        await conversationApi.submitFeedback({ selection_id: message.selectionId, org_id: user.orgId, user_id: user.id, feedback: rating });
        // Kept with the message, so the reply still shows as rated after switching chats.
        dispatch({ type: 'feedback-given', messageId: message.id, rating });
        return true;
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Failed to submit feedback');
        return false;
      }
    },
    [user, dispatch, toast],
  );

  return { edit, rate };
}
