import { chatModelsResponseSchema, preferencesSchema, type ChatModelsResponse, type Preferences } from '@contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const deleteHistoryAnswerSchema = z.object({ success: z.boolean(), deletedCount: z.number().int().nonnegative() });
const successAnswerSchema = z.object({ success: z.boolean() });

const userPath = (userId: string) => `/preferences/user/${encodeURIComponent(userId)}`;

/** The Preferences calls of spec section 7. */
export const preferencesApi = {
  get(userId: string): Promise<Preferences> {
    return apiRequest(userPath(userId), { schema: preferencesSchema });
  },
  update(userId: string, preferences: Partial<Preferences>): Promise<Preferences> {
    return apiRequest(userPath(userId), { method: 'PUT', body: preferences, schema: preferencesSchema });
  },
  async deleteHistory(userId: string): Promise<number> {
    const answer = await apiRequest(`${userPath(userId)}/history`, {
      method: 'DELETE',
      schema: deleteHistoryAnswerSchema,
    });
    return answer.deletedCount;
  },
  async deleteAccountData(userId: string): Promise<void> {
    await apiRequest(`${userPath(userId)}/account`, { method: 'DELETE', schema: successAnswerSchema });
  },
  /** The models the caller may use; same call (and cache key, and answer) as the chat screen's model picker. */
  listModels(): Promise<ChatModelsResponse> {
    return apiRequest('/conversation/models', { schema: chatModelsResponseSchema });
  },
};

export const preferencesQueryKey = (userId: string) => ['preferences', userId] as const;
export const modelsQueryKey = ['conversation', 'models'] as const;
