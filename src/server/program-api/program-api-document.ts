import type { ApiRouter } from '../http/api-router';

/** Where the /v1 endpoints are served, which the OpenAPI document names on each of their paths. */
export const programApiBasePath = '/v1';

/** An organisation API key, as OpenAI's SDKs send it (bearer) or Anthropic's (x-api-key). */
export const programApiSecurity: Record<string, string[]>[] = [{ apiKeyBearer: [] }, { apiKeyHeader: [] }];

export const programApiSecuritySchemes = {
  apiKeyBearer: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'tw-…',
    description: 'An organisation API key (Profile Settings → API Keys), as OpenAI’s SDKs send it.',
  },
  apiKeyHeader: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: 'x-api-key',
    description: 'The same key as Anthropic’s SDKs send it.',
  },
};

/**
 * The /v1 endpoints' paths for the one OpenAPI document: each path item names its own server
 * (`/v1`), since the document's is `/api`.
 */
export function programApiPaths(programApi: ApiRouter): Record<string, unknown> {
  const document = programApi.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'v1', version: '1' } });
  return Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path.replace(/\{(\w+)\{[^{}]*\}\}/g, '{$1}'),
      { servers: [{ url: programApiBasePath }], ...item },
    ]),
  );
}
