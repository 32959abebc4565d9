import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  monthlyUsagePathSchema,
  monthlyUsageSchema,
  reportedUsageResponseSchema,
  reportedUsageSchema,
  tokenEstimatePathSchema,
  tokenEstimateQuerySchema,
  tokenEstimateSchema,
  validateTokensRequestSchema,
  validateTokensResponseSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import { forbidden } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { estimateCost, monthlyUsage, validateTokens, type TokenDependencies } from './token-service';

const tags = ['Tokens'];

/** Mounted at /tokens. Usage is recorded by the server with every reply, never reported by clients. */
export function createTokenRoutes(dependencies: TokenDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/usage/{userId}/{month}/monthly',
      tags,
      summary:
        "A user's usage in a calendar month (UTC): the caller's own, or anyone's in the organisation for an admin",
      security: signedInSecurity,
      request: { params: monthlyUsagePathSchema },
      responses: answers('The usage by model', monthlyUsageSchema),
    }),
    async (context) => {
      const { userId, month } = context.req.valid('param');
      return context.json(await monthlyUsage(dependencies, context.get('caller'), userId, month));
    },
  );
  // The web app reports usage after each reply (spec section 7). The server has already recorded
  // it from the provider's own report; a client's figures are never trusted for billing.
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/usage',
      tags,
      summary: "Acknowledge the web app's usage report (the server records usage itself)",
      security: signedInSecurity,
      request: { body: jsonBody(reportedUsageSchema) },
      responses: answers('Acknowledged, not recorded', reportedUsageResponseSchema, 202),
    }),
    async (context) => {
      if (context.req.valid('json').userId !== context.get('caller').userId) throw forbidden();
      return context.json({ recorded: false, message: 'Usage is recorded by the server with every reply.' }, 202);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/validate',
      tags,
      summary: 'Whether the caller may send this many tokens to this model now',
      security: signedInSecurity,
      request: { body: jsonBody(validateTokensRequestSchema) },
      responses: answers('The verdict', validateTokensResponseSchema),
    }),
    async (context) =>
      context.json(await validateTokens(dependencies, context.get('caller'), context.req.valid('json'))),
  );
  // Model ids hold a slash ('openai/gpt-4o'); the parameter takes the rest of the path, decoded once.
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/estimate/{modelId{.+}}',
      tags,
      summary: 'The input cost of a number of tokens on a model',
      security: signedInSecurity,
      request: { params: tokenEstimatePathSchema, query: tokenEstimateQuerySchema },
      responses: answers('The cost', tokenEstimateSchema),
    }),
    (context) =>
      context.json(
        estimateCost(dependencies, context.req.valid('param').modelId, context.req.valid('query').tokenCount),
      ),
  );
  return router;
}
