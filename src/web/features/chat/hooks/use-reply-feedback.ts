import type { FeedbackRating, User } from '@contracts';
import { useCallback, type Dispatch } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { conversationApi } from '../api/conversation-api';
import type { ChatAction } from '../state/chat-reducer';
import type { ChatMessage } from '../state/chat-types';

/** Rating a reply (spec section 4). Editing a message asks it again: see `useSendMessage`'s resubmit. */
export function useReplyFeedback(user: User | null, dispatch: Dispatch<ChatAction>) {
  const toast = useToast();

  const rate = useCallback(
    async (message: ChatMessage, rating: FeedbackRating) => {
      if (!user || !message.selectionId) return false;
      try {
        await conversationApi.submitFeedback({
          selection_id: message.selectionId,
          org_id: user.orgId,
          user_id: user.id,
          feedback: rating,
        });
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

  return { rate };
}
