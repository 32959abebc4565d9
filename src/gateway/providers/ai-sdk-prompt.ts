import type {
  LanguageModelV3CallOptions,
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3TextPart,
} from '@ai-sdk/provider';
import type { ChatImage, ChatMessage, ChatStreamRequest } from './chat-provider';

// Our stream request in the AI SDK's language-model terms: its prompt (text, images, tool calls and
// results) and the options beside it (tools, tool choice, response format, sampling).

type CallOptions = Pick<
  LanguageModelV3CallOptions,
  'prompt' | 'tools' | 'toolChoice' | 'responseFormat' | 'topP' | 'stopSequences' | 'seed'
>;

export function toCallOptions(request: ChatStreamRequest): CallOptions {
  return {
    prompt: request.messages.map(toPromptMessage),
    tools: request.tools?.map((tool) => ({
      type: 'function' as const,
      name: tool.name,
      description: tool.description,
      inputSchema: tool.parameters,
    })),
    toolChoice:
      request.toolChoice === undefined
        ? undefined
        : typeof request.toolChoice === 'string'
          ? { type: request.toolChoice }
          : { type: 'tool', toolName: request.toolChoice.toolName },
    responseFormat: request.responseFormat,
    topP: request.topP,
    stopSequences: request.stopSequences ? [...request.stopSequences] : undefined,
    seed: request.seed,
  };
}

function toPromptMessage(message: ChatMessage): LanguageModelV3Message {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user': {
      const text: LanguageModelV3TextPart[] = message.content ? [{ type: 'text', text: message.content }] : [];
      return { role: 'user', content: [...text, ...(message.images ?? []).map(toFilePart)] };
    }
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: parseArguments(call.arguments),
          })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId ?? '',
            toolName: message.toolName ?? '',
            output: { type: 'text', value: message.content },
          },
        ],
      };
  }
}

const dataUrlPattern = /^data:([\w.+-]+\/[\w.+-]+);base64,/;

/** A data URL's bytes as base64 with its media type; a web URL as a URL the provider fetches itself. */
function toFilePart(image: ChatImage): LanguageModelV3FilePart {
  const data = dataUrlPattern.exec(image.url);
  if (data) return { type: 'file', mediaType: data[1]!, data: image.url.slice(data[0].length) };
  return { type: 'file', mediaType: 'image/*', data: new URL(image.url) };
}

/** Arguments a model sent as JSON text; text that is not JSON is passed on as it is. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
