import { programChatMessages, type AnthropicContentBlock, type AnthropicMessagesRequest } from '../../contracts';
import type { ChatMessage } from '../../gateway';
import { invalidParameter } from './openai-chat-request';
import type { ProgramRequest } from './program-request';

/**
 * An Anthropic Messages request in the gateway's terms: the system prompt becomes a system turn,
 * image blocks ride on their user turn, tool_use blocks become the assistant's tool calls and each
 * tool_result block a tool turn answering its call.
 */
export function fromMessagesRequest(request: AnthropicMessagesRequest): ProgramRequest {
  if (request.top_k !== undefined) throw invalidParameter(programChatMessages.unsupportedValue('top_k'), 'top_k');
  const toolNames = new Map<string, string>();
  const system =
    typeof request.system === 'string' ? request.system : request.system?.map((part) => part.text).join('\n');
  const messages: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const [index, message] of request.messages.entries()) {
    if (typeof message.content === 'string') messages.push({ role: message.role, content: message.content });
    else messages.push(...fromBlocks(message.role, message.content, index, toolNames));
  }
  if (!messages.some((message) => message.role === 'user' || message.role === 'tool'))
    throw invalidParameter(programChatMessages.noUserMessage, 'messages');
  const asked: ProgramRequest['asked'] = {};
  const imageAt = messages.findIndex((message) => message.images?.length);
  if (imageAt >= 0) asked.images = 'messages';
  if (request.tools?.length || messages.some((message) => message.role === 'tool' || message.toolCalls))
    asked.tools = request.tools?.length ? 'tools' : 'messages';
  if (request.temperature !== undefined) asked.temperature = 'temperature';
  if (request.top_p !== undefined) asked.topP = 'top_p';
  if (request.stop_sequences?.length) asked.stop = 'stop_sequences';
  const choice = request.tool_choice;
  return {
    model: request.model,
    messages,
    asked,
    options: {
      maxOutputTokens: request.max_tokens,
      temperature: request.temperature,
      topP: request.top_p,
      stopSequences: request.stop_sequences,
      tools: request.tools?.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.input_schema,
      })),
      toolChoice:
        choice === undefined
          ? undefined
          : choice.type === 'tool' && choice.name
            ? { toolName: choice.name }
            : choice.type === 'any'
              ? 'required'
              : choice.type === 'none'
                ? 'none'
                : 'auto',
    },
  };
}

function fromBlocks(
  role: 'user' | 'assistant',
  blocks: readonly AnthropicContentBlock[],
  index: number,
  toolNames: Map<string, string>,
): ChatMessage[] {
  const text = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  if (role === 'assistant') {
    const toolCalls = blocks.flatMap((block) => {
      if (block.type !== 'tool_use') return [];
      toolNames.set(block.id, block.name);
      return [{ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) }];
    });
    return [{ role: 'assistant', content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}) }];
  }
  const results: ChatMessage[] = blocks.flatMap((block) => {
    if (block.type !== 'tool_result') return [];
    const toolName = toolNames.get(block.tool_use_id);
    if (!toolName)
      throw invalidParameter(programChatMessages.unknownToolCall(block.tool_use_id), `messages.${index}.content`);
    const content =
      typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => part.text).join('\n');
    return [{ role: 'tool', content, toolCallId: block.tool_use_id, toolName }];
  });
  const images = blocks.flatMap((block) =>
    block.type !== 'image'
      ? []
      : [
          {
            url:
              block.source.type === 'url'
                ? block.source.url
                : `data:${block.source.media_type};base64,${block.source.data}`,
          },
        ],
  );
  const user: ChatMessage[] =
    text || images.length > 0 ? [{ role: 'user', content: text, ...(images.length > 0 ? { images } : {}) }] : [];
  return [...results, ...user];
}
