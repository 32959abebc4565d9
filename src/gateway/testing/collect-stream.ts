import type { ChatFinishReason, ChatStreamPart } from '../providers/chat-provider';
import type { TokenUsage } from '../usage/token-usage';

/** Everything a stream produced, and the error that ended it, if any. */
export interface CollectedStream {
  texts: string[];
  usage: (TokenUsage & { estimated: boolean }) | undefined;
  finishReason: ChatFinishReason | undefined;
  partTypes: ChatStreamPart['type'][];
  error: unknown;
}

/** Reads a whole stream without throwing, for assertions on what arrived before a failure. */
export async function collectStream(
  stream: AsyncIterable<ChatStreamPart>,
  onText?: (text: string) => void,
): Promise<CollectedStream> {
  const collected: CollectedStream = {
    texts: [],
    usage: undefined,
    finishReason: undefined,
    partTypes: [],
    error: undefined,
  };
  try {
    for await (const part of stream) {
      collected.partTypes.push(part.type);
      if (part.type === 'text') {
        collected.texts.push(part.text);
        onText?.(part.text);
      } else if (part.type === 'usage') {
        const { type: _type, ...usage } = part;
        collected.usage = usage;
      } else if (part.type === 'finish') {
        collected.finishReason = part.reason;
      }
    }
  } catch (error) {
    collected.error = error;
  }
  return collected;
}
