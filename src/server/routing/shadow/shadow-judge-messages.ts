import type { ChatMessage } from '../../../gateway';

/** "as good" or "worse" is a few tokens with any tokenizer we call; room for a full stop. */
export const shadowJudgeMaxOutputTokens = 5;

const instruction =
  'You grade two answers to the same question for a chat assistant. Answer A came from a cheaper model, answer B from ' +
  'the strongest model. Answer "as good" if answer A serves the user as well as answer B (correct, complete, as ' +
  'useful), or "worse" if it is wrong, missing something B gives, or less useful. Answer with two words or one: as good or worse.';

/** The judge's request: the instruction, then the question and both answers, each kept whole. */
export function shadowJudgeMessages(question: string, cheapAnswer: string, strongAnswer: string): ChatMessage[] {
  return [
    { role: 'system', content: instruction },
    {
      role: 'user',
      content: `Question:\n${question}\n\nAnswer A:\n${cheapAnswer}\n\nAnswer B:\n${strongAnswer}\n\nAs good or worse?`,
    },
  ];
}

/** "as good" (any case, quotes or a full stop around it) is as good; anything else, "worse" included, is not. */
export function readsAsGood(reply: string): boolean {
  const words = reply
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .trim()
    .split(/\s+/);
  return words.length === 2 && words[0] === 'as' && words[1] === 'good';
}
