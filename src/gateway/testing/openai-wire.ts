import type { TokenUsage } from '../usage/token-usage';
import { contentText, sseFrame, type AnswerContext, type WireFormat } from './wire-format';

// Shapes as in OpenAI's API reference and @ai-sdk/openai's openaiChatChunkSchema.
const errorByStatus: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request.' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded.' },
};

function usageBody(usage: TokenUsage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function chunk(context: AnswerContext, choices: unknown[], usage?: TokenUsage) {
  return {
    id: context.id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: context.model,
    system_fingerprint: 'fp_fake',
    choices,
    // With include_usage, OpenAI sends `usage: null` on every chunk but the last.
    ...(context.includeUsage ? { usage: usage ? usageBody(usage) : null } : {}),
  };
}

function finishReasonOf(context: AnswerContext): string {
  return context.reply.toolCalls.length > 0 ? 'tool_calls' : context.reply.finishReason;
}

/** OpenAI Chat Completions (also what OpenAI-compatible servers speak). */
export const openAiWire: WireFormat = {
  name: 'openai',
  readPrompt(body) {
    const request = body as {
      model?: string;
      stream?: boolean;
      stream_options?: { include_usage?: boolean };
      messages?: { role: string; content: unknown }[];
      max_tokens?: number;
      max_completion_tokens?: number;
    };
    const messages = request.messages ?? [];
    const userMessages = messages.filter((message) => message.role === 'user');
    return {
      model: request.model ?? 'unknown',
      stream: request.stream === true,
      includeUsage: request.stream_options?.include_usage === true,
      texts: messages.map((message) => contentText(message.content)),
      lastUserText: contentText(userMessages.at(-1)?.content),
      maxOutputTokens: request.max_completion_tokens ?? request.max_tokens,
    };
  },
  errorBody(status, message) {
    const known = errorByStatus[status] ?? { type: 'server_error', code: null, message: 'Unexpected error.' };
    return { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } };
  },
  openingFrames: (context) => [
    sseFrame(
      chunk(context, [
        { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
      ]),
    ),
  ],
  textFrame: (text, context) =>
    sseFrame(chunk(context, [{ index: 0, delta: { content: text }, logprobs: null, finish_reason: null }])),
  errorFrame: () =>
    sseFrame({
      error: {
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    }),
  closingFrames(context) {
    // Each tool call as OpenAI streams it: its id and name first, then its arguments.
    const frames = context.reply.toolCalls.flatMap((call, index) => [
      sseFrame(
        chunk(context, [
          {
            index: 0,
            delta: {
              tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
            },
            logprobs: null,
            finish_reason: null,
          },
        ]),
      ),
      sseFrame(
        chunk(context, [
          {
            index: 0,
            delta: { tool_calls: [{ index, function: { arguments: call.arguments } }] },
            logprobs: null,
            finish_reason: null,
          },
        ]),
      ),
    ]);
    frames.push(
      sseFrame(chunk(context, [{ index: 0, delta: {}, logprobs: null, finish_reason: finishReasonOf(context) }])),
    );
    if (context.includeUsage && context.reply.usage) frames.push(sseFrame(chunk(context, [], context.reply.usage)));
    frames.push(sseFrame('[DONE]'));
    return frames;
  },
  completeBody(context) {
    return {
      id: context.id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: context.model,
      system_fingerprint: 'fp_fake',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: context.reply.text || (context.reply.toolCalls.length > 0 ? null : ''),
            refusal: null,
            annotations: [],
            ...(context.reply.toolCalls.length > 0
              ? {
                  tool_calls: context.reply.toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: finishReasonOf(context),
        },
      ],
      ...(context.reply.usage ? { usage: usageBody(context.reply.usage) } : {}),
    };
  },
};
