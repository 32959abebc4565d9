import { Hono, type MiddlewareHandler } from 'hono';
import { messages, reportedUsageSchema, validateTokensRequestSchema } from '../../contracts';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { forbidden, validationFailed } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { estimateCost, monthlyUsage, validateTokens } from './token-service';

/** Mounted at /tokens. Usage is recorded by the server with every reply, never reported by clients. */
export function createTokenRoutes(dependencies: ConversationDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/usage/:userId/:month/monthly', async (context) => {
      const { userId, month } = context.req.param();
      return context.json(await monthlyUsage(dependencies, context.get('caller'), userId, month));
    })
    // The web app reports usage after each reply (spec section 7). The server has already recorded
    // it from the provider's own report; a client's figures are never trusted for billing.
    .post('/usage', async (context) => {
      const input = await readJson(context, reportedUsageSchema);
      if (input.userId !== context.get('caller').userId) throw forbidden();
      return context.json({ recorded: false, message: 'Usage is recorded by the server with every reply.' }, 202);
    })
    .post('/validate', async (context) => {
      const input = await readJson(context, validateTokensRequestSchema);
      return context.json(await validateTokens(dependencies, context.get('caller'), input));
    })
    // Model ids hold a slash ('openai/gpt-4o'); the parameter takes the rest of the path.
    .get('/estimate/:modelId{.+}', (context) => {
      const tokenCount = Number(context.req.query('tokenCount'));
      if (!Number.isInteger(tokenCount) || tokenCount < 0) throw validationFailed(messages.tokenCountRequired);
      return context.json(estimateCost(dependencies, decodeURIComponent(context.req.param('modelId')), tokenCount));
    });
}
