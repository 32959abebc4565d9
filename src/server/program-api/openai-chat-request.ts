import { programChatMessages, type ChatCompletionMessage, type ChatCompletionRequest } from '../../contracts';
import type { ChatMessage } from '../../gateway';
import { ProgramApiError } from './program-api-error';
import type { ProgramRequest } from './program-request';

/** A 400 in OpenAI's shape naming the parameter at fault. */
export function invalidParameter(message: string, param: string): ProgramApiError {
  return new ProgramApiError({
    status: 400,
    message,
    openAi: { type: 'invalid_request_error', code: 'unsupported_parameter', param },
    anthropicType: 'invalid_request_error',
  });
}

/**
 * An OpenAI chat completion request in the gateway's terms: system and developer messages become
 * system turns, image parts ride on their user turn, an assistant's tool calls and the tool results
 * answering them keep their ids (a result names its tool through the call it answers).
 */
export function fromChatCompletionRequest(request: ChatCompletionRequest): ProgramRequest {
  if ((request.n ?? 1) !== 1) throw invalidParameter(programChatMessages.onlyOneChoice, 'n');
  if (request.logprobs) throw invalidParameter(programChatMessages.unsupportedValue('logprobs'), 'logprobs');
  for (const penalty of ['frequency_penalty', 'presence_penalty'] as const)
    if (request[penalty]) throw invalidParameter(programChatMessages.unsupportedValue(penalty), penalty);
  const toolNames = new Map<string, string>();
  const messages = request.messages.map((message, index) => toChatMessage(message, index, toolNames));
  if (!messages.some((message) => message.role === 'user'))
    throw invalidParameter(programChatMessages.noUserMessage, 'messages');
  const asked: ProgramRequest['asked'] = {};
  const imageAt = messages.findIndex((message) => message.images?.length);
  if (imageAt >= 0) asked.images = `messages.${imageAt}.content`;
  const toolsInPlay = request.tools?.length || messages.some((message) => message.role === 'tool' || message.toolCalls);
  if (toolsInPlay) asked.tools = request.tools?.length ? 'tools' : 'messages';
  const format = request.response_format;
  if (format && format.type !== 'text') {
    asked.responseFormat = 'response_format';
    if (format.type === 'json_object') asked.jsonWithoutSchema = 'response_format';
  }
  if (request.temperature != null) asked.temperature = 'temperature';
  if (request.top_p != null) asked.topP = 'top_p';
  if (request.stop != null) asked.stop = 'stop';
  if (request.seed != null) asked.seed = 'seed';
  const choice = request.tool_choice;
  return {
    model: request.model,
    messages,
    asked,
    options: {
      maxOutputTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
      temperature: request.temperature ?? undefined,
      topP: request.top_p ?? undefined,
      stopSequences:
        request.stop == null ? undefined : typeof request.stop === 'string' ? [request.stop] : request.stop,
      seed: request.seed ?? undefined,
      tools: request.tools?.map(({ function: tool }) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters ?? { type: 'object', properties: {} },
      })),
      toolChoice:
        choice === undefined ? undefined : typeof choice === 'string' ? choice : { toolName: choice.function.name },
      responseFormat:
        format?.type === 'json_object'
          ? { type: 'json' }
          : format?.type === 'json_schema'
            ? {
                type: 'json',
                name: format.json_schema.name,
                description: format.json_schema.description,
                schema: format.json_schema.schema,
              }
            : undefined,
    },
  };
}

function textOf(content: string | { text: string }[] | null | undefined): string {
  if (content == null) return '';
  return typeof content === 'string' ? content : content.map((part) => part.text).join('\n');
}

function toChatMessage(message: ChatCompletionMessage, index: number, toolNames: Map<string, string>): ChatMessage {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content) };
    case 'user': {
      if (typeof message.content === 'string') return { role: 'user', content: message.content };
      const texts = message.content.flatMap((part) => (part.type === 'text' ? [part] : []));
      const images = message.content.flatMap((part) =>
        part.type === 'image_url' ? [{ url: part.image_url.url }] : [],
      );
      return { role: 'user', content: textOf(texts), ...(images.length > 0 ? { images } : {}) };
    }
    case 'assistant': {
      const toolCalls = message.tool_calls?.map((call) => {
        toolNames.set(call.id, call.function.name);
        return { id: call.id, name: call.function.name, arguments: call.function.arguments };
      });
      return { role: 'assistant', content: textOf(message.content), ...(toolCalls?.length ? { toolCalls } : {}) };
    }
    case 'tool': {
      const toolName = toolNames.get(message.tool_call_id);
      if (!toolName)
        throw invalidParameter(
          programChatMessages.unknownToolCall(message.tool_call_id),
          `messages.${index}.tool_call_id`,
        );
      return { role: 'tool', content: textOf(message.content), toolCallId: message.tool_call_id, toolName };
    }
  }
}
