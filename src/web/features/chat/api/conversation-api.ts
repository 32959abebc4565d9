import {
  chatModelsResponseSchema,
  chatSessionSchema,
  chatSessionWithMessagesSchema,
  conversationSearchResponseSchema,
  localModelStatusSchema,
  type ChatModelsResponse,
  type ChatSessionView,
  type ChatSessionWithMessages,
  type ConversationSearchResponse,
  type FeedbackRating,
  type LocalModelStatusResponse,
} from '@contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const sessionListSchema = z.object({ sessions: z.array(chatSessionSchema) });
// url is the Markdown link (spec section 7); the two named links came later, so each is optional here.
const exportAnswerSchema = z.object({
  url: z.string(),
  markdown_url: z.string().optional(),
  json_url: z.string().optional(),
});

/** The two formats GET /conversation/session/{id}/export offers. */
export type ExportFormat = 'markdown' | 'json';

/** The JSON calls of spec section 7 (Conversation); the streamed ones are in stream-chat-reply. */
export const conversationApi = {
  async listSessions(orgId: string, userId: string): Promise<ChatSessionView[]> {
    const answer = await apiRequest(
      `/conversation/session/list/${encodeURIComponent(orgId)}/${encodeURIComponent(userId)}`,
      { schema: sessionListSchema },
    );
    return answer.sessions;
  },
  getSession(sessionId: string): Promise<ChatSessionWithMessages> {
    return apiRequest(`/conversation/session/${encodeURIComponent(sessionId)}`, {
      schema: chatSessionWithMessagesSchema,
    });
  },
  /** Shows one version (from 1) of an edited message; answers the session with the branch now shown. */
  showMessageVersion(messageId: string, version: number): Promise<ChatSessionWithMessages> {
    return apiRequest(`/conversation/message/${encodeURIComponent(messageId)}/version`, {
      method: 'PUT',
      body: { version },
      schema: chatSessionWithMessagesSchema,
    });
  },
  async renameSession(sessionId: string, title: string): Promise<void> {
    await apiRequest(`/conversation/session/${encodeURIComponent(sessionId)}/title`, {
      method: 'PUT',
      body: { title },
    });
  },
  async deleteSession(sessionId: string): Promise<void> {
    await apiRequest(`/conversation/session/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
  },
  /** Undoes a delete made less than the server's undo window ago; answers the session with its messages. */
  restoreSession(sessionId: string): Promise<ChatSessionWithMessages> {
    return apiRequest(`/conversation/session/${encodeURIComponent(sessionId)}/restore`, {
      method: 'POST',
      schema: chatSessionWithMessagesSchema,
    });
  },
  async clearSessions(orgId: string, userId: string): Promise<void> {
    await apiRequest(`/conversation/session/all/${encodeURIComponent(orgId)}/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
    });
  },
  async exportSession(sessionId: string, format: ExportFormat = 'markdown'): Promise<string> {
    const answer = await apiRequest(`/conversation/session/${encodeURIComponent(sessionId)}/export`, {
      schema: exportAnswerSchema,
    });
    if (format === 'markdown') return answer.markdown_url ?? answer.url;
    if (!answer.json_url) throw new Error('No JSON export link received');
    return answer.json_url;
  },
  /** The caller's own titles and messages holding `text`, one page of them, newest first. */
  searchConversations(text: string, page = 1): Promise<ConversationSearchResponse> {
    const query = new URLSearchParams({ q: text, page: String(page) });
    return apiRequest(`/conversation/search?${query}`, { schema: conversationSearchResponseSchema });
  },
  async submitFeedback(feedback: {
    selection_id: string;
    org_id: string;
    user_id: string;
    feedback: FeedbackRating;
  }): Promise<void> {
    await apiRequest('/feedback', { method: 'POST', body: feedback });
  },
  /** The models and where the model selector starts (default_model_id: the person's default model, else the organisation's). */
  localModelStatus(): Promise<LocalModelStatusResponse> {
    return apiRequest('/conversation/local-model', { schema: localModelStatusSchema });
  },
  listModels(): Promise<ChatModelsResponse> {
    return apiRequest('/conversation/models', { schema: chatModelsResponseSchema });
  },
};
