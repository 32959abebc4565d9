import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp, type AppOptions } from './app';

/**
 * The whole app, built with dependencies no request here reaches: the document is public and
 * needs none, and the route table is read, not called.
 */
function appWithoutDependencies() {
  const unused = {};
  const options = {
    database: { db: unused },
    auth: unused,
    conversations: { routing: unused },
    providerKeys: unused,
    routingPolicy: unused,
    logger: pino({ level: 'silent' }),
    trustProxy: false,
    maxBodyBytes: 65_536,
    corsOrigins: [],
  } as unknown as AppOptions;
  return createApp(options);
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: unknown[];
  requestBody?: unknown;
}

describe('GET /api/openapi.json', () => {
  it('documents every route the app serves, so none can skip the validation layer', async () => {
    const app = appWithoutDependencies();
    const answer = await app.request('/api/openapi.json');
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toBe('3.1.0');

    // Handlers, not middleware (registered for ALL methods), under /api and /v1 (whose paths name
    // their own server), in OpenAPI's spelling.
    const served = app.routes
      .filter((route) => route.method !== 'ALL' && /^\/(api|v1)\//.test(route.path))
      .map(
        (route) => `${route.method} ${route.path.replace(/^\/(api|v1)/, '').replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`,
      );
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => method !== 'servers')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(document.paths['/models']).toMatchObject({ servers: [{ url: '/v1' }] });
    expect(new Set(documented)).toEqual(new Set(served));
    expect(documented.length).toBeGreaterThanOrEqual(50);

    // Each path parameter has its schema, so it is validated like the rest.
    for (const [path, item] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'servers') continue;
        const described = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name);
        expect(described.sort(), `${method} ${path}`).toEqual(inPath.sort());
      }
    }
  });

  it('names the bearer scheme, which the signed-in routes require and the public ones do not', async () => {
    const document = (await (await appWithoutDependencies().request('/api/openapi.json')).json()) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/conversation/session/{id}']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/conversation/message']!.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/auth/login']!.post!.security).toBeUndefined();
    expect(document.paths['/conversation/session/{id}/export/download']!.get!.security).toBeUndefined();
    expect(document.paths['/openapi.json']!.get!.security).toBeUndefined();
  });
});
