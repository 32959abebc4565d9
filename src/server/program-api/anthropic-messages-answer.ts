import type { ChatFinishReason } from '../../gateway';
import { streamFailure } from '../metered-calls/call-errors';
import type { CallSettlement } from '../metered-calls/metered-call';
import type { CollectedAnswer } from './program-answer-parts';
import type { ProgramAnswer } from './program-call';

// Answers of POST /v1/messages in Anthropic's wire format: a `message`, or its stream of events
// message_start, content_block_start/delta/stop, message_delta, message_stop (docs/decisions/055).

const stopReasons: Record<ChatFinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'refusal',
  aborted: 'end_turn',
  other: 'end_turn',
};

function parsedInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function anthropicUsage(usage: CollectedAnswer['usage']) {
  return {
    input_tokens: usage.inputTokens - usage.cachedInputTokens,
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: usage.cachedInputTokens,
  };
}

export function messageBody(answer: CollectedAnswer, decisionId: string) {
  return {
    id: `msg_${decisionId}`,
    type: 'message',
    role: 'assistant',
    model: answer.modelId,
    content: [
      ...(answer.text || answer.toolCalls.length === 0 ? [{ type: 'text', text: answer.text }] : []),
      ...answer.toolCalls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: parsedInput(call.arguments),
      })),
    ],
    stop_reason: answer.toolCalls.length > 0 ? 'tool_use' : stopReasons[answer.finishReason ?? 'stop'],
    stop_sequence: null,
    usage: anthropicUsage(answer.usage),
  };
}

export function messageStream(
  answer: ProgramAnswer,
  decisionId: string,
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const modelId = answer.kind === 'cached' ? answer.answer.model.id : answer.call.model.id;
  const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      send(
        event('message_start', {
          message: {
            id: `msg_${decisionId}`,
            type: 'message',
            role: 'assistant',
            model: modelId,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        }),
      );
      let index = -1;
      let textOpen = false;
      let toolCalls = 0;
      let finishReason: ChatFinishReason | undefined;
      let settlement: CallSettlement | undefined;
      const openText = () => {
        if (textOpen) return;
        index += 1;
        textOpen = true;
        send(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      };
      const closeText = () => {
        if (!textOpen) return;
        textOpen = false;
        send(event('content_block_stop', { index }));
      };
      try {
        if (answer.kind === 'cached') {
          openText();
          send(event('content_block_delta', { index, delta: { type: 'text_delta', text: answer.answer.text } }));
          finishReason = 'stop';
        } else {
          for await (const part of answer.call.stream) {
            if (part.type === 'text') {
              openText();
              send(event('content_block_delta', { index, delta: { type: 'text_delta', text: part.text } }));
            } else if (part.type === 'tool-call') {
              closeText();
              index += 1;
              toolCalls += 1;
              send(
                event('content_block_start', {
                  index,
                  content_block: { type: 'tool_use', id: part.toolCallId, name: part.toolName, input: {} },
                }),
              );
              send(
                event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part.input } }),
              );
              send(event('content_block_stop', { index }));
            } else if (part.type === 'finish') finishReason = part.reason;
          }
          settlement = await answer.call.settled;
        }
        closeText();
        const usage = settlement?.usage ?? { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
        send(
          event('message_delta', {
            delta: {
              stop_reason: toolCalls > 0 ? 'tool_use' : stopReasons[finishReason ?? 'stop'],
              stop_sequence: null,
            },
            usage: anthropicUsage(usage),
          }),
        );
        send(event('message_stop', {}));
      } catch (error) {
        const failure = streamFailure(error);
        send(
          event('error', {
            error: {
              type: failure.code === 'upstream_timeout' ? 'timeout_error' : 'api_error',
              message: failure.message,
            },
          }),
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
