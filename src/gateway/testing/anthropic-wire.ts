import type { TokenUsage } from '../usage/token-usage';
import { contentText, sseFrame, type AnswerContext, type WireFormat } from './wire-format';

// Shapes as in Anthropic's Messages streaming docs and @ai-sdk/anthropic's chunk schema.
const errorTypeByStatus: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const stopReasonByFinish = { stop: 'end_turn', length: 'max_tokens' } as const;

// Anthropic's input_tokens leaves out tokens read from the cache; they are reported apart.
function inputUsage(usage: TokenUsage) {
  return {
    input_tokens: usage.inputTokens - usage.cachedInputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: usage.cachedInputTokens,
  };
}

function stopReasonOf(context: AnswerContext): string {
  return context.reply.toolCalls.length > 0 ? 'tool_use' : stopReasonByFinish[context.reply.finishReason];
}

/** Each tool call as Anthropic streams it: a tool_use block, its input as JSON deltas, its end. */
function toolUseFrames(context: AnswerContext): string[] {
  return context.reply.toolCalls.flatMap((call, position) => {
    const index = position + 1;
    return [
      sseFrame(
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
        },
        'content_block_start',
      ),
      sseFrame(
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: call.arguments } },
        'content_block_delta',
      ),
      sseFrame({ type: 'content_block_stop', index }, 'content_block_stop'),
    ];
  });
}

function usageOf(context: AnswerContext): TokenUsage {
  return context.reply.usage ?? { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
}

/** Anthropic Messages. It always reports usage, so a FakeReply's usage 'none' reports zeros. */
export const anthropicWire: WireFormat = {
  name: 'anthropic',
  readPrompt(body) {
    const request = body as {
      model?: string;
      stream?: boolean;
      system?: unknown;
      messages?: { role: string; content: unknown }[];
      max_tokens?: number;
    };
    const messages = request.messages ?? [];
    const systemText = contentText(request.system);
    const userMessages = messages.filter((message) => message.role === 'user');
    return {
      model: request.model ?? 'unknown',
      stream: request.stream === true,
      includeUsage: true,
      texts: [...(systemText ? [systemText] : []), ...messages.map((message) => contentText(message.content))],
      lastUserText: contentText(userMessages.at(-1)?.content),
      maxOutputTokens: request.max_tokens,
    };
  },
  errorBody(status, message) {
    const type = errorTypeByStatus[status] ?? 'api_error';
    return { type: 'error', error: { type, message: message ?? type.replaceAll('_', ' ') } };
  },
  openingFrames: (context) => [
    sseFrame(
      {
        type: 'message_start',
        message: {
          id: context.id,
          type: 'message',
          role: 'assistant',
          model: context.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...inputUsage(usageOf(context)), output_tokens: 1 },
        },
      },
      'message_start',
    ),
    sseFrame(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      'content_block_start',
    ),
    sseFrame({ type: 'ping' }, 'ping'),
  ],
  textFrame: (text) =>
    sseFrame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, 'content_block_delta'),
  errorFrame: () => sseFrame({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error'),
  closingFrames: (context) => [
    sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    ...toolUseFrames(context),
    sseFrame(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReasonOf(context), stop_sequence: null },
        usage: { output_tokens: usageOf(context).outputTokens },
      },
      'message_delta',
    ),
    sseFrame({ type: 'message_stop' }, 'message_stop'),
  ],
  completeBody: (context) => ({
    id: context.id,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: [
      ...(context.reply.text || context.reply.toolCalls.length === 0
        ? [{ type: 'text', text: context.reply.text }]
        : []),
      ...context.reply.toolCalls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: JSON.parse(call.arguments) as unknown,
      })),
    ],
    stop_reason: stopReasonOf(context),
    stop_sequence: null,
    usage: { ...inputUsage(usageOf(context)), output_tokens: usageOf(context).outputTokens },
  }),
};
