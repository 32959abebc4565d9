import { createRoute } from '@hono/zod-openapi';
import {
  authResponseSchema,
  singleSignOnCallbackQuerySchema,
  singleSignOnExchangeRequestSchema,
  singleSignOnStartRequestSchema,
  singleSignOnStartResponseSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody } from '../http/api-router';
import { clearBrowserBinding, readBrowserBinding, setBrowserBinding } from './browser-binding';
import { completeSingleSignOn } from './sign-in-callback';
import { exchangeHandoff } from './sign-in-exchange';
import { SingleSignOnFailure } from './sign-in-failure';
import { startSingleSignOn } from './sign-in-start';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

const tags = ['Single sign-on'];

/** Mounted at /auth/sso, no sign-in: the three steps of a sign-in through the organisation's identity provider. */
export function createSingleSignOnRoutes(dependencies: SingleSignOnDependencies) {
  const router = createApiRouter();
  const secure = () => dependencies.publicUrl().startsWith('https:');
  const clientOf = (context: {
    get(key: 'clientAddress'): string;
    req: { header(name: string): string | undefined };
  }) => ({
    address: context.get('clientAddress'),
    userAgent: context.req.header('user-agent'),
  });

  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/start',
      tags,
      summary: "Find the identity provider for an e-mail address or an organization's single sign-on name",
      request: { body: jsonBody(singleSignOnStartRequestSchema) },
      responses: answers('Where to send the browser', singleSignOnStartResponseSchema),
    }),
    async (context) => {
      const started = await startSingleSignOn(dependencies, context.req.valid('json').identifier, clientOf(context));
      setBrowserBinding(context, started.browserBinding, secure());
      return context.json({ authorization_url: started.authorizationUrl });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/callback',
      tags,
      summary:
        "The identity provider's redirect back: on to /sso/complete with a one-time code, or with a failure code",
      request: { query: singleSignOnCallbackQuerySchema },
      responses: { 303: { description: 'To /sso/complete#handoff=… or /sso/complete#error=…' } },
    }),
    async (context) => {
      try {
        const { handoff } = await completeSingleSignOn(
          dependencies,
          context.req.valid('query'),
          readBrowserBinding(context),
          clientOf(context),
        );
        return context.redirect(`/sso/complete#handoff=${encodeURIComponent(handoff)}`, 303);
      } catch (error) {
        if (!(error instanceof SingleSignOnFailure)) throw error;
        // The binding cookie stays: a replayed or reloaded callback must not spoil a sign-in still to be exchanged.
        context.get('logger').warn({ code: error.code, detail: error.message }, 'single sign-on refused');
        return context.redirect(`/sso/complete#error=${error.code}`, 303);
      }
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/exchange',
      tags,
      summary: "Trade the callback's one-time code for the sign-in's tokens (the browser that started it only)",
      request: { body: jsonBody(singleSignOnExchangeRequestSchema) },
      responses: answers('Signed in', authResponseSchema),
    }),
    async (context) => {
      const response = await exchangeHandoff(
        dependencies,
        context.req.valid('json').handoff,
        readBrowserBinding(context),
        clientOf(context),
      );
      clearBrowserBinding(context, secure());
      return context.json(response);
    },
  );
  return router;
}
