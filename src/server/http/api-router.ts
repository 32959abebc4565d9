import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import type { z } from 'zod';
import { apiErrorSchema } from '../../contracts';
import type { AppEnv } from './context';
import { rejectInvalidInput } from './reject-invalid-input';

/**
 * A router of documented routes (docs/decisions/016): each is declared with `createRoute`, its
 * params, query and body schemas from src/contracts, and `addRoute` checks all three before the
 * handler runs. A refusal is our 400 (rejectInvalidInput); every route appears in /api/openapi.json.
 */
export type ApiRouter = OpenAPIHono<AppEnv>;

export function createApiRouter(): ApiRouter {
  return new OpenAPIHono<AppEnv>({ defaultHook: rejectInvalidInput });
}

type RouteInput<Route extends RouteConfig> =
  RouteHandler<Route, AppEnv> extends Handler<infer _Env, infer _Path, infer Input, infer _Response> ? Input : never;

/** A handler with the route's validated input (`context.req.valid('param' | 'query' | 'json')`). */
export type ApiHandler<Route extends RouteConfig> = Handler<
  AppEnv,
  string,
  RouteInput<Route>,
  Response | Promise<Response>
>;

/**
 * Adds a route. Its answers are documented by `responses` but not checked against the handler's
 * type: streamed replies and file downloads are plain Responses.
 */
export function addRoute<Route extends RouteConfig>(router: ApiRouter, route: Route, handler: ApiHandler<Route>): void {
  router.openapi(route, handler as never);
}

/** The bearer access token of a signed-in caller (the 'bearerAuth' scheme of the document). */
export const signedInSecurity = [{ bearerAuth: [] }];

/** A required JSON body; an empty one reads as {} (read-json-body.ts). */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { content: { 'application/json': { schema } }, required: true };
}

/** The route's main answer as JSON, and the error body every failure has. */
export function answers(
  description: string,
  schema: z.ZodType,
  status: 200 | 201 | 202 = 200,
): RouteConfig['responses'] {
  return { [status]: { description, content: { 'application/json': { schema } } }, default: errorAnswer };
}

export const errorAnswer = {
  description:
    'A failure: `message` and `detail` carry the text to show, `fields` the first problem of each field, a 5xx a `request_id`.',
  content: { 'application/json': { schema: apiErrorSchema } },
};
