import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  feedbackExportRequestSchema,
  feedbackHistoryQuerySchema,
  feedbackListSchema,
  feedbackOrganisationPathSchema,
  feedbackPathSchema,
  feedbackSchema,
  feedbackStatsQuerySchema,
  feedbackStatsSchema,
  submitFeedbackRequestSchema,
} from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, errorAnswer, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { requirePlanFeature } from '../billing/plan-features';
import { feedbackCsv } from './feedback-report';
import type { LearnUserSignal } from '../routing/organisation-router/learn-from-user-signals';
import type { LearnCacheSignal } from '../routing/cache-learning/learn-from-cache-signals';
import type { ReplyCache } from '../routing/reply-cache';
import { feedbackById, feedbackHistory, feedbackStatistics, submitFeedback } from './feedback-service';

const tags = ['Feedback'];
const params = feedbackOrganisationPathSchema;

/** Mounted at /feedback. */
export function createFeedbackRoutes(
  db: Database,
  signedIn: MiddlewareHandler<AppEnv>,
  effects: { cache?: ReplyCache; learn?: LearnUserSignal; learnCache?: LearnCacheSignal } = {},
) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: "Rate one of the caller's replies (once)",
      security: signedInSecurity,
      request: { body: jsonBody(submitFeedbackRequestSchema) },
      responses: answers('The rating', feedbackSchema, 201),
    }),
    async (context) =>
      context.json(await submitFeedback(db, context.get('caller'), context.req.valid('json'), effects), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/history/{orgId}',
      tags,
      summary: "Ratings: the caller's own, or the organisation's (one user's with userId) for an admin",
      security: signedInSecurity,
      request: { params, query: feedbackHistoryQuerySchema },
      responses: answers('The ratings', feedbackListSchema),
    }),
    async (context) =>
      context.json({
        feedback: await feedbackHistory(
          db,
          context.get('caller'),
          context.req.valid('param').orgId,
          context.req.valid('query'),
        ),
      }),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/stats/{orgId}',
      tags,
      summary:
        "The organisation's ratings counted by day, by model and in all (scope model-management, as /admin/models)",
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('model-management')],
      request: { params, query: feedbackStatsQuerySchema },
      responses: answers('The counts', feedbackStatsSchema),
    }),
    async (context) =>
      context.json(await feedbackStatistics(db, context.get('caller').orgId, context.req.valid('query'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/export/{orgId}',
      tags,
      summary: 'The ratings as a CSV or JSON download',
      security: signedInSecurity,
      request: { params, body: jsonBody(feedbackExportRequestSchema) },
      responses: {
        200: {
          description: 'The ratings',
          content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: feedbackListSchema } },
        },
        default: errorAnswer,
      },
    }),
    async (context) => {
      const input = context.req.valid('json');
      // A CSV file is a plan feature (docs/decisions/041); the JSON answer is the history, readable on every plan.
      if (input.format !== 'json') await requirePlanFeature(db, context.get('caller').orgId, 'csv_exports');
      const rows = await feedbackHistory(db, context.get('caller'), context.req.valid('param').orgId, {
        ...input,
        userId: input.user_id,
      });
      const stamp = input.from && input.to ? `${input.from}-${input.to}` : new Date().toISOString().slice(0, 10);
      context.header('Content-Disposition', `attachment; filename="feedback-${stamp}.${input.format}"`);
      if (input.format === 'json') return context.json({ feedback: rows });
      context.header('Content-Type', 'text/csv; charset=utf-8');
      return context.body(feedbackCsv(rows));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'One rating',
      security: signedInSecurity,
      request: { params: feedbackPathSchema },
      responses: answers('The rating', feedbackSchema),
    }),
    async (context) => context.json(await feedbackById(db, context.get('caller'), context.req.valid('param').id)),
  );
  return router;
}
