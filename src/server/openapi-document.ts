import { programApiPaths, programApiSecuritySchemes } from './program-api/program-api-document';
import type { ApiRouter } from './http/api-router';

/**
 * The OpenAPI 3.1 document of every route registered on the API router (mounted at /api), with
 * the bearer scheme signed-in routes name, and the endpoints for programs (mounted at /v1, each
 * path naming that server) with the API key schemes they take.
 */
export function createOpenApiDocument(api: ApiRouter, programApi?: ApiRouter) {
  for (const [name, scheme] of Object.entries(programApiSecuritySchemes))
    api.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token from /auth/login, /auth/signup or /auth/refresh.',
  });
  const document = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Tokenwise API',
      version: '1.0',
      description:
        'Every route validates its params, query and body before anything runs; a refusal is a 400 with the error body.',
    },
    servers: [{ url: '/api' }],
  });
  // Hono's parameters with a pattern ('{modelId{.+}}', which takes the rest of the path) are plain parameters here.
  const paths = Object.entries(document.paths ?? {}).map(([path, item]) => [
    path.replace(/\{(\w+)\{[^{}]*\}\}/g, '{$1}'),
    item,
  ]);
  const programPaths = programApi ? programApiPaths(programApi) : {};
  const both = Object.keys(programPaths).filter((path) => paths.some(([apiPath]) => apiPath === path));
  if (both.length > 0) throw new Error(`Paths served under both /api and /v1: ${both.join(', ')}`);
  return { ...document, paths: { ...Object.fromEntries(paths), ...programPaths } };
}
