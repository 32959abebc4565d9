import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseStreamBody } from '../../../src/contracts';
import { findModel, modelCatalog } from '../../../src/gateway';
import { routingDecisions } from '../../../src/server/db/schema';
import type { RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';

export interface RouterOwner {
  token: string;
  orgId: string;
  userId: string;
}

/**
 * Calls for tests of an organisation's own router (docs/decisions/068, 072): an organisation on the
 * Business plan with its cache off, Auto requests read back with their decision, the router's status.
 */
export function organisationRouterFixture(server: () => RunningServer) {
  async function call(owner: RouterOwner | undefined, pathname: string, body?: unknown, method?: string) {
    const response = await fetch(`${server().url}/api${pathname}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: `Bearer ${owner.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  }

  /** An organisation on the Business plan (custom routing), its administrator signed in, its cache off (every reply routed). */
  async function signUp(): Promise<RouterOwner> {
    const username = uniqueName('orgrouter');
    const answer = await call(undefined, '/auth/signup', {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    expect(answer.status).toBe(201);
    const owner = { token: answer.body.token, orgId: answer.body.user.org_id, userId: answer.body.user.id };
    const bought = await call(owner, '/subscription/purchase', {
      org_id: owner.orgId,
      plan_id: 'business',
      payment_method: 'card',
      card_number: '4242424242424242',
    });
    expect(bought.status).toBe(201);
    const policy = await call(owner, `/org/${owner.orgId}/routing-policy`, { cache: { enabled: false } }, 'PUT');
    expect(policy.status).toBe(200);
    return owner;
  }

  async function askAuto(owner: RouterOwner, prompt: string) {
    const answer = await call(owner, '/conversation/message', {
      org_id: owner.orgId,
      user_id: owner.userId,
      prompt,
      stream: true,
    });
    expect(answer.status).toBe(200);
    const parsed = parseStreamBody(answer.text);
    await server().modelCallsSettled();
    const metadata = parsed.metadata!;
    const [decision] = await server()
      .database.db.select()
      .from(routingDecisions)
      .where(eq(routingDecisions.id, metadata.selection_id));
    return {
      metadata,
      route: metadata.route!,
      tier: findModel(modelCatalog, metadata.primary_model)!.tier,
      decision: decision!,
    };
  }

  const routerOf = async (owner: RouterOwner) => {
    const answer = await call(owner, `/org/${owner.orgId}/routing-quality`);
    expect(answer.status).toBe(200);
    return answer.body.router;
  };

  return { call, signUp, askAuto, routerOf };
}
