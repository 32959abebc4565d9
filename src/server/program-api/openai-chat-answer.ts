import { usdNumber } from '../../money';
import type { ChatCompletionUsage } from '../../contracts';
import type { ChatFinishReason } from '../../gateway';
import { streamFailure, upstreamFailure } from '../metered-calls/call-errors';
import type { CallSettlement } from '../metered-calls/metered-call';
import { settledMoney, type AnsweredToolCall, type CollectedAnswer } from './program-answer-parts';
import type { ProgramAnswer } from './program-call';

// Answers of POST /v1/chat/completions in OpenAI's wire format: a `chat.completion`, or a stream
// of `chat.completion.chunk` server-sent events ending with `data: [DONE]` (docs/decisions/055).

const finishReasons: Record<ChatFinishReason, string> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
  aborted: 'stop',
  other: 'stop',
};

function openAiUsage(usage: CollectedAnswer['usage']): ChatCompletionUsage {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens },
  };
}

function toolCallsOf(calls: readonly AnsweredToolCall[]) {
  return calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
}

/** The `chat.completion` of a whole answer. */
export function chatCompletionBody(answer: CollectedAnswer, decisionId: string) {
  return {
    id: `chatcmpl-${decisionId}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: answer.modelId,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text === '' && answer.toolCalls.length > 0 ? null : answer.text,
          refusal: null,
          ...(answer.toolCalls.length > 0 ? { tool_calls: toolCallsOf(answer.toolCalls) } : {}),
        },
        logprobs: null,
        finish_reason: answer.toolCalls.length > 0 ? 'tool_calls' : finishReasons[answer.finishReason ?? 'stop'],
      },
    ],
    usage: openAiUsage(answer.usage),
  };
}

/**
 * The answer as OpenAI's stream: a first chunk with the role, the text and tool calls as they
 * arrive, a chunk with the finish reason, with `include_usage` one more with no choices and the
 * usage as recorded (and the settled cost under `x_tokenwise`), then `[DONE]`. A failure after the
 * first byte is an `error` event, as OpenAI sends one, and the stream ends.
 */
export function chatCompletionStream(
  answer: ProgramAnswer,
  decisionId: string,
  includeUsage: boolean,
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const created = Math.floor(Date.now() / 1000);
  const modelId = answer.kind === 'cached' ? answer.answer.model.id : answer.call.model.id;
  const chunk = (choices: unknown[], usage?: ChatCompletionUsage | null, extra: object = {}) =>
    `data: ${JSON.stringify({
      id: `chatcmpl-${decisionId}`,
      object: 'chat.completion.chunk',
      created,
      model: modelId,
      system_fingerprint: null,
      choices,
      ...(includeUsage ? { usage: usage ?? null } : {}),
      ...extra,
    })}\n\n`;
  const delta = (content: object, finishReason: string | null = null) => ({
    index: 0,
    delta: content,
    logprobs: null,
    finish_reason: finishReason,
  });
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      send(chunk([delta({ role: 'assistant', content: '', refusal: null })]));
      let settlement: CallSettlement | undefined;
      let finishReason: ChatFinishReason | undefined;
      let toolIndex = 0;
      try {
        if (answer.kind === 'cached') {
          send(chunk([delta({ content: answer.answer.text })]));
          finishReason = 'stop';
        } else {
          for await (const part of answer.call.stream) {
            if (part.type === 'text') send(chunk([delta({ content: part.text })]));
            else if (part.type === 'tool-call') {
              const [call] = toolCallsOf([{ id: part.toolCallId, name: part.toolName, arguments: part.input }]);
              send(chunk([delta({ tool_calls: [{ index: toolIndex, ...call }] })]));
              toolIndex += 1;
            } else if (part.type === 'finish') finishReason = part.reason;
          }
          settlement = await answer.call.settled;
        }
        const reason = toolIndex > 0 ? 'tool_calls' : finishReasons[finishReason ?? 'stop'];
        send(chunk([delta({}, reason)]));
        if (includeUsage) {
          const usage = settlement?.usage ?? { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
          const money = settlement
            ? settledMoney(settlement)
            : {
                costPicodollars: 0n,
                savingPicodollars: answer.kind === 'cached' ? answer.answer.savingPicodollars : 0n,
              };
          send(
            chunk([], openAiUsage(usage), {
              x_tokenwise: {
                cost_usd: usdNumber(money.costPicodollars),
                saving_usd: usdNumber(money.savingPicodollars),
              },
            }),
          );
        }
        send('data: [DONE]\n\n');
      } catch (error) {
        const failure = streamFailure(error);
        const status = upstreamFailure(error).status;
        send(
          `data: ${JSON.stringify({ error: { message: failure.message, type: status >= 500 ? 'server_error' : 'requests', param: null, code: failure.code } })}\n\n`,
        );
      }
      if (open) controller.close();
      open = false;
    },
    cancel() {
      open = false;
      onCancel();
    },
  });
}
