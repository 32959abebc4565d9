import { Hono, type MiddlewareHandler } from 'hono';
import { feedbackExportRequestSchema, submitFeedbackRequestSchema } from '../../contracts';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { feedbackCsv } from './feedback-report';
import type { ReplyCache } from '../routing/reply-cache';
import { feedbackById, feedbackHistory, feedbackStatistics, submitFeedback } from './feedback-service';

/** Mounted at /feedback. */
export function createFeedbackRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>, cache?: ReplyCache) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .post('/', async (context) => {
      const input = await readJson(context, submitFeedbackRequestSchema);
      return context.json(await submitFeedback(db, context.get('caller'), input, cache), 201);
    })
    .get('/history/:orgId', async (context) => {
      const { userId, period } = context.req.query();
      return context.json({ feedback: await feedbackHistory(db, context.get('caller'), context.req.param('orgId'), userId, period) });
    })
    .get('/stats/:orgId', async (context) =>
      context.json(await feedbackStatistics(db, context.get('caller'), context.req.param('orgId'), context.req.query('period'))),
    )
    .post('/export/:orgId', async (context) => {
      const input = await readJson(context, feedbackExportRequestSchema);
      const rows = await feedbackHistory(db, context.get('caller'), context.req.param('orgId'), input.user_id, input.period);
      const stamp = new Date().toISOString().slice(0, 10);
      context.header('Content-Disposition', `attachment; filename="feedback-${stamp}.${input.format}"`);
      if (input.format === 'json') return context.json({ feedback: rows });
      context.header('Content-Type', 'text/csv; charset=utf-8');
      return context.body(feedbackCsv(rows));
    })
    .get('/:id', async (context) => context.json(await feedbackById(db, context.get('caller'), context.req.param('id'))));
}
