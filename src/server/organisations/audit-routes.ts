import { createRoute } from '@hono/zod-openapi';
import { auditLogResponseSchema, organisationPathSchema, pageQuerySchema } from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, signedInSecurity, type ApiRouter } from '../http/api-router';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { readAuditLog } from './audit-service';

/** GET /org/{orgId}/audit: scope admin, and only while the organisation's enable_audit is on. */
export function addAuditRoutes(router: ApiRouter, db: Database) {
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/audit',
      tags: ['Organisation'],
      summary: 'A page of the audit log, newest first (scope admin; 403 while enable_audit is off)',
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('admin')],
      request: { params: organisationPathSchema, query: pageQuerySchema },
      responses: answers('The entries', auditLogResponseSchema),
    }),
    async (context) => {
      const { page, limit } = context.req.valid('query');
      return context.json(await readAuditLog(db, context.get('caller').orgId, page, limit));
    },
  );
}
