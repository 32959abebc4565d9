import { createHash } from 'node:crypto';
import type { ChatMessage } from '../providers/chat-provider';
import { normalisePrompt } from './normalise-prompt';

/** One earlier turn of the conversation the prompt belongs to, as the model would see it. */
type ContextMessage = ChatMessage;

/** What a cache lookup or store is about: everything but the organisation, which the store scopes by. */
export interface CacheRequest {
  /** The user's latest message: the part that is matched exactly or by meaning. */
  prompt: string;
  /** The turns before it; a follow-up only ever matches an entry with the same turns. */
  contextMessages: readonly ContextMessage[];
  /** The organisation's or conversation's system prompt ('' when none). */
  systemPrompt: string;
  /**
   * Which answers are interchangeable: a model id or a capability tier, as the caller decides.
   * A reply cached for one class is never served for another.
   */
  modelClass: string;
}

/**
 * The keys a cache entry is stored and looked up under. Entries are only ever compared within
 * one organisation and one `scopeKey`; the semantic tier then compares prompts inside it.
 */
export interface CacheKey {
  /** Hash of the conversation context, the system prompt and the model class. */
  scopeKey: string;
  /** Hash of the scope and the normalised prompt: the exact tier. */
  exactKey: string;
  /** The prompt as the exact tier sees it. */
  normalisedPrompt: string;
}

const hash = (parts: readonly string[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** Hash of the earlier turns (role and text as sent, whitespace-trimmed); '' for a first turn. */
function contextHash(contextMessages: readonly ContextMessage[]): string {
  if (contextMessages.length === 0) return '';
  return hash(contextMessages.flatMap((message) => [message.role, message.content.trim()]));
}

/** The scope and exact-tier keys of a request. Pure: the same request always gives the same keys. */
export function cacheKeyFor(request: CacheRequest): CacheKey {
  const scopeKey = hash([
    'scope-v1',
    contextHash(request.contextMessages),
    request.systemPrompt.trim(),
    request.modelClass,
  ]);
  const normalisedPrompt = normalisePrompt(request.prompt);
  return { scopeKey, exactKey: hash(['exact-v1', scopeKey, normalisedPrompt]), normalisedPrompt };
}
