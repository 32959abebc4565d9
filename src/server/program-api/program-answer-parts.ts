import type { ChatFinishReason } from '../../gateway';
import { maxPicodollars, type Picodollars, usdShortDecimal } from '../../money';
import type { CallSettlement } from '../metered-calls/metered-call';
import type { ProgramAnswer } from './program-call';

/** One tool call of an answer, as the model made it. */
export interface AnsweredToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A whole answer: its text and tool calls, why it ended, and the call as it was recorded. */
export interface CollectedAnswer {
  text: string;
  toolCalls: AnsweredToolCall[];
  finishReason: ChatFinishReason | undefined;
  modelId: string;
  usage: { inputTokens: number; cachedInputTokens: number; outputTokens: number };
  costPicodollars: Picodollars;
  savingPicodollars: Picodollars;
}

/** What the x-tokenwise-* headers say about an answer (docs/decisions/055). */
export interface AnswerFacts {
  modelId: string;
  cache: ProgramAnswer['cache'];
  costPicodollars: Picodollars;
  savingPicodollars: Picodollars;
  decisionId: string;
  /** The cost and saving are the decision's estimate: a streamed answer's headers go before its reply exists. */
  estimated: boolean;
}

export function factsOf(answer: ProgramAnswer): AnswerFacts {
  if (answer.kind === 'cached')
    return {
      modelId: answer.answer.model.id,
      cache: 'hit',
      costPicodollars: 0n,
      savingPicodollars: answer.answer.savingPicodollars,
      decisionId: answer.answer.decisionId,
      estimated: false,
    };
  return {
    modelId: answer.call.model.id,
    cache: answer.cache,
    costPicodollars: answer.estimate.costPicodollars,
    savingPicodollars: answer.estimate.savingPicodollars,
    decisionId: answer.decisionId,
    estimated: true,
  };
}

/** The answer's money as recorded: its cost, and what the reference model would have cost more. */
export function settledMoney(settlement: CallSettlement): {
  costPicodollars: Picodollars;
  savingPicodollars: Picodollars;
} {
  return {
    costPicodollars: settlement.costPicodollars,
    savingPicodollars: maxPicodollars(0n, settlement.referenceCostPicodollars - settlement.costPicodollars),
  };
}

/** The x-tokenwise-* headers of an answer. */
export function tokenwiseHeaders(facts: AnswerFacts): Record<string, string> {
  return {
    'x-tokenwise-model': facts.modelId,
    'x-tokenwise-cache': facts.cache,
    'x-tokenwise-cost-usd': usdShortDecimal(facts.costPicodollars),
    'x-tokenwise-saving-usd': usdShortDecimal(facts.savingPicodollars),
    'x-tokenwise-decision-id': facts.decisionId,
    ...(facts.estimated ? { 'x-tokenwise-cost-estimated': 'true' } : {}),
  };
}

/**
 * Reads a whole answer (a non-streamed request): the model's parts, then its settlement, so the
 * usage the program is told is the usage recorded.
 */
export async function collectAnswer(answer: ProgramAnswer): Promise<CollectedAnswer> {
  if (answer.kind === 'cached')
    return {
      text: answer.answer.text,
      toolCalls: [],
      finishReason: 'stop',
      modelId: answer.answer.model.id,
      usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 },
      costPicodollars: 0n,
      savingPicodollars: answer.answer.savingPicodollars,
    };
  let text = '';
  const toolCalls: AnsweredToolCall[] = [];
  let finishReason: ChatFinishReason | undefined;
  for await (const part of answer.call.stream) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call')
      toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
    else if (part.type === 'finish') finishReason = part.reason;
  }
  const settlement = await answer.call.settled;
  return {
    text,
    toolCalls,
    finishReason,
    modelId: settlement.model.id,
    usage: settlement.usage,
    ...settledMoney(settlement),
  };
}
