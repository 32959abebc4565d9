import type { ApiRouter } from './api-router';

/**
 * The OpenAPI 3.1 document of every route registered on the API router (mounted at /api), with
 * the bearer scheme signed-in routes name.
 */
export function createOpenApiDocument(api: ApiRouter) {
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
  return { ...document, paths: Object.fromEntries(paths) };
}
