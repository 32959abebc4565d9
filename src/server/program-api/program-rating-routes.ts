import { createRoute } from '@hono/zod-openapi';
import {
  feedbackSchema,
  openAiErrorSchema,
  programRatingPathSchema,
  programRatingRequestSchema,
} from '../../contracts';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { submitFeedback } from '../feedback/feedback-service';
import { learnFromCacheSignals } from '../routing/cache-learning/learn-from-cache-signals';
import { addRoute, jsonBody, type ApiRouter } from '../http/api-router';
import { programApiSecurity } from './program-api-document';
import { apiKeyCallerOf } from './program-api-context';

/**
 * POST /v1/decisions/{decision_id}/rating: the key's owner (or service principal) rates one of its
 * answers by the decision id its headers named, once, as the chat's rating does: it feeds the
 * organisation's calibration, and a negative rating keeps a cached answer from being served again.
 * Another user's or organisation's decision is 404.
 */
export function addProgramRatingRoutes(router: ApiRouter, dependencies: ConversationDependencies) {
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/decisions/{decision_id}/rating',
      tags: ['API for programs'],
      summary: 'Rate an answer by its x-tokenwise-decision-id (feeds the routing calibration, like a chat rating)',
      security: programApiSecurity,
      request: { params: programRatingPathSchema, body: jsonBody(programRatingRequestSchema) },
      responses: {
        201: { description: 'The rating', content: { 'application/json': { schema: feedbackSchema } } },
        default: {
          description: "OpenAI's error shape (404 for a decision of another user or organisation)",
          content: { 'application/json': { schema: openAiErrorSchema } },
        },
      },
    }),
    async (context) => {
      const { decision_id } = context.req.valid('param');
      const { rating } = context.req.valid('json');
      const caller = apiKeyCallerOf(context);
      const saved = await submitFeedback(
        dependencies.db,
        caller,
        { selection_id: decision_id, org_id: caller.orgId, user_id: caller.userId, feedback: rating },
        // A program's prompt is not stored, so its rating cannot teach the organisation's router; a
        // semantic hit keeps the pair it was decided on, so a bad rating teaches the learned cache.
        { cache: dependencies.routing.cache, learnCache: learnFromCacheSignals(dependencies) },
      );
      return context.json(saved, 201);
    },
  );
}
