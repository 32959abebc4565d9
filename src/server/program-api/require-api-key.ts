import { createMiddleware } from 'hono/factory';
import { readBearerToken } from '../auth/require-auth';
import { authenticateApiKey, type ApiKeyAuthenticationDependencies } from './authenticate-api-key';
import type { ProgramApiEnv } from './program-api-context';

/**
 * Puts the API key's caller on the context (`apiKeyCaller`, and `caller` for code written for
 * signed-in people) or refuses the request. The key comes as OpenAI's SDKs send it
 * (`Authorization: Bearer`) or as Anthropic's do (`x-api-key`).
 */
export function requireApiKey(dependencies: ApiKeyAuthenticationDependencies) {
  return createMiddleware<ProgramApiEnv>(async (context, next) => {
    const presented = readBearerToken(context.req.header('authorization')) ?? context.req.header('x-api-key')?.trim();
    const caller = await authenticateApiKey(dependencies, presented || undefined, context.get('clientAddress'));
    context.set('apiKeyCaller', caller);
    const { apiKey: _apiKey, ...plainCaller } = caller;
    context.set('caller', plainCaller);
    await next();
  });
}
