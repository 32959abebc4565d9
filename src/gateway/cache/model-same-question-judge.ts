import type { Picodollars } from '../../money';
import { costOfUsage } from '../catalog/usage-cost';
import { catalogTokenPrices, type TokenPrices } from '../catalog/token-prices';
import type { CatalogModel } from '../catalog/catalog-schema';
import type { ChatMessage, ChatProvider } from '../providers/chat-provider';
import type { TokenUsage } from '../usage/token-usage';
import type { SameQuestionJudge } from './same-question-judge';
import { trimEndWhile, trimStartWhile } from './trim-characters';

/** "same" is one token and "different" at most two with any tokenizer we call; a third leaves room for a full stop. */
export const judgeMaxOutputTokens = 3;

const instruction =
  'You compare two questions a user asked a chat assistant. Answer "same" if one reply would answer both exactly as well, ' +
  'or "different" if they ask for different things (another object, quantity, condition, place, time or detail). ' +
  'Answer with one word: same or different.';

/** The one request the judge sends: the instruction, then both questions, each kept whole. */
export function judgeMessages(query: string, cachedPrompt: string): ChatMessage[] {
  return [
    { role: 'system', content: instruction },
    { role: 'user', content: `Question A:\n${query}\n\nQuestion B:\n${cachedPrompt}\n\nSame or different?` },
  ];
}

/** What the judge found, with the call's reported usage for the caller to record. */
interface ModelJudgeVerdict {
  same: boolean;
  costPicodollars: Picodollars;
  /** Absent when the call failed before the provider reported any. */
  usage?: TokenUsage & { estimated: boolean };
  /** The call failed: the verdict is "not the same", never a failed chat. */
  failed?: unknown;
}

export interface ModelSameQuestionJudge extends SameQuestionJudge {
  readonly model: CatalogModel;
  judge(query: string, cachedPrompt: string, signal?: AbortSignal): Promise<ModelJudgeVerdict>;
}

/** "same", in any case, alone but for surrounding quotes or a full stop; anything else is "different". */
export function readsSame(reply: string): boolean {
  const unquoted = trimStartWhile(
    trimEndWhile(reply.trim(), (character) => `"'*.!`.includes(character)),
    (character) => `"'*`.includes(character),
  );
  return unquoted.toLowerCase() === 'same';
}

/**
 * A SameQuestionJudge asking one catalog model through a ChatProvider (a gateway taking catalog
 * ids): one short request at temperature 0, its reported usage priced at the prices given (the
 * server's price book), the catalog's when none are. A failed
 * or stopped call, or any answer but "same", means not the same question: the cache then misses
 * and a model answers, which is what would have happened without a judge.
 */
export function createModelSameQuestionJudge(options: {
  provider: ChatProvider;
  model: CatalogModel;
  prices?: TokenPrices;
}): ModelSameQuestionJudge {
  const { provider, model } = options;
  const prices = options.prices ?? catalogTokenPrices(model);
  return {
    model,
    async judge(query, cachedPrompt, signal) {
      let text = '';
      let usage: ModelJudgeVerdict['usage'];
      try {
        const stream = provider.stream({
          modelId: model.id,
          messages: judgeMessages(query, cachedPrompt),
          temperature: 0,
          maxOutputTokens: judgeMaxOutputTokens,
          abortSignal: signal,
        });
        for await (const part of stream) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'usage')
            usage = {
              inputTokens: part.inputTokens,
              cachedInputTokens: part.cachedInputTokens,
              outputTokens: part.outputTokens,
              estimated: part.estimated,
            };
          else if (part.type === 'finish' && part.reason === 'aborted')
            return { same: false, costPicodollars: usage ? costOfUsage(prices, usage) : 0n, usage };
        }
      } catch (error) {
        return {
          same: false,
          costPicodollars: usage ? costOfUsage(prices, usage) : 0n,
          usage,
          failed: error,
        };
      }
      return {
        same: readsSame(text),
        costPicodollars: usage ? costOfUsage(prices, usage) : 0n,
        usage,
      };
    },
  };
}
