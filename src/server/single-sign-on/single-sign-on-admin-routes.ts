import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  addSingleSignOnDomainRequestSchema,
  saveSingleSignOnRequestSchema,
  singleSignOnDomainPathSchema,
  singleSignOnDomainSchema,
  singleSignOnPathSchema,
  singleSignOnSettingsSchema,
  successResponseSchema,
  testSingleSignOnRequestSchema,
  testSingleSignOnResponseSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { getSingleSignOnSettings, removeSingleSignOn, saveSingleSignOn } from './connection-service';
import { testSingleSignOn } from './connection-test';
import { addDomain, removeDomain, verifyDomain } from './domain-service';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

const tags = ['Single sign-on'];
const security = signedInSecurity;

/** Mounted at /org/:orgId/sso behind sign-in: the organisation's administrators only. */
export function createSingleSignOnAdminRoutes(
  dependencies: SingleSignOnDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  const params = singleSignOnPathSchema;

  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary:
        "The organisation's identity provider, its domains, and the addresses to give the provider and the directory",
      security,
      request: { params },
      responses: answers('Single sign-on', singleSignOnSettingsSchema),
    }),
    async (context) => context.json(await getSingleSignOnSettings(dependencies, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/',
      tags,
      summary: 'Save the identity provider (its discovery document is read first)',
      security,
      request: { params, body: jsonBody(saveSingleSignOnRequestSchema) },
      responses: answers('Saved', singleSignOnSettingsSchema),
    }),
    async (context) =>
      context.json(await saveSingleSignOn(dependencies, context.get('caller'), context.req.valid('json'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/',
      tags,
      summary: 'Remove the identity provider',
      security,
      request: { params },
      responses: answers('Removed', successResponseSchema),
    }),
    async (context) => {
      await removeSingleSignOn(dependencies, context.get('caller'));
      return context.json({ success: true });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/test',
      tags,
      summary: 'Try an identity provider before saving it: issuer, discovery, keys, client credentials',
      security,
      request: { params, body: jsonBody(testSingleSignOnRequestSchema) },
      responses: answers('What worked and what did not', testSingleSignOnResponseSchema),
    }),
    async (context) =>
      context.json(await testSingleSignOn(dependencies, context.get('caller').orgId, context.req.valid('json'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/domains',
      tags,
      summary: 'Claim an e-mail domain; answers the TXT record that proves it',
      security,
      request: { params, body: jsonBody(addSingleSignOnDomainRequestSchema) },
      responses: answers('The domain', singleSignOnDomainSchema, 201),
    }),
    async (context) =>
      context.json(await addDomain(dependencies, context.get('caller'), context.req.valid('json').domain), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/domains/{domain}/verify',
      tags,
      summary: "Check the domain's TXT record now",
      security,
      request: { params: singleSignOnDomainPathSchema },
      responses: answers('The domain, proven', singleSignOnDomainSchema),
    }),
    async (context) =>
      context.json(await verifyDomain(dependencies, context.get('caller'), context.req.valid('param').domain)),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/domains/{domain}',
      tags,
      summary: 'Give up a domain',
      security,
      request: { params: singleSignOnDomainPathSchema },
      responses: answers('Removed', successResponseSchema),
    }),
    async (context) => {
      await removeDomain(dependencies, context.get('caller'), context.req.valid('param').domain);
      return context.json({ success: true });
    },
  );
  return router;
}
