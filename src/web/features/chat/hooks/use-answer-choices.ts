import { useCallback, useState } from 'react';
import type { AnswerChoice } from '../components/conversation/version-switcher';
import type { ChatMessage } from '../state/chat-types';
import { answerCount } from '../state/reply-versions';

/**
 * Which answer each reply shows: the current one, until the user moves to an earlier one. A reply
 * answered again since shows its new answer.
 */
export function useAnswerChoices(): (reply: ChatMessage) => AnswerChoice {
  const [chosen, setChosen] = useState<Record<string, { index: number; count: number }>>({});
  return useCallback(
    (reply: ChatMessage) => {
      const count = answerCount(reply);
      const picked = chosen[reply.id];
      const index = picked && picked.count === count ? picked.index : count - 1;
      return {
        index,
        count,
        show: (next: number) => setChosen((all) => ({ ...all, [reply.id]: { index: next, count } })),
      };
    },
    [chosen],
  );
}
