import type { ChatMessage, ChatResponseFormat, ChatTool, ChatToolChoice } from '../../gateway';

/**
 * A program's request as the API for programs handles it, whichever SDK sent it (OpenAI's chat
 * completions, Anthropic's messages): the model it names (`auto` or a catalog id), the turns in the
 * gateway's terms, what to send beside them, and where in the request each capability was asked
 * for, so a model that lacks it is refused naming that parameter.
 */
export interface ProgramRequest {
  model: string;
  messages: ChatMessage[];
  options: ProgramRequestOptions;
  /** The parameter (as the SDK spells it) that asked for each capability the request needs. */
  asked: Partial<Record<ProgramCapability, string>>;
}

interface ProgramRequestOptions {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  stopSequences?: string[];
  seed?: number;
  tools?: ChatTool[];
  toolChoice?: ChatToolChoice;
  responseFormat?: ChatResponseFormat;
}

/** What a model may not be able to do with a request. */
export type ProgramCapability =
  | 'tools'
  | 'images'
  | 'responseFormat'
  | 'jsonWithoutSchema'
  | 'temperature'
  | 'topP'
  | 'stop'
  | 'seed';

/** The user's latest words and the ones before (what the router and the cache read). */
export function userTurns(request: ProgramRequest): { prompt: string; previous?: string } {
  const users = request.messages.filter((message) => message.role === 'user');
  return { prompt: users.at(-1)?.content ?? '', previous: users.at(-2)?.content };
}
