import { z } from 'zod';
import { pageQuerySchema } from './organisations';
import { text } from './text-rules';

export const searchTextRequired = 'Enter text to search for.';

/** GET /conversation/search?q&page&limit: the caller's own titles and messages holding q. */
export const conversationSearchQuerySchema = pageQuerySchema.extend({
  q: text({ label: 'Search', max: 200, required: searchTextRequired }),
});

/** One hit: a session whose title matches (message_id null) or one message in it. */
export const conversationSearchResultSchema = z.object({
  session_id: z.string(),
  session_title: z.string(),
  message_id: z.string().nullable(),
  role: z.enum(['user', 'assistant']).nullable(),
  /** The text around the first match (the title for a title hit), at most about 160 characters. */
  snippet: z.string(),
  created_at: z.string(),
});
export type ConversationSearchResult = z.infer<typeof conversationSearchResultSchema>;

export const conversationSearchResponseSchema = z.object({
  results: z.array(conversationSearchResultSchema),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
});
export type ConversationSearchResponse = z.infer<typeof conversationSearchResponseSchema>;
