import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseStreamBody } from '../../../src/contracts';
import { decideCacheLookup, learnCacheOutcome } from '../../../src/gateway';
import { cacheQualityLabels, cacheServedHits } from '../../../src/server/db/schema';
import { changeCacheLearner } from '../../../src/server/routing/cache-learning/cache-learner-repository';
import type { RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';

export interface CacheOwner {
  token: string;
  orgId: string;
  userId: string;
}

/** Auto's one candidate in these tests: every Auto request has the same cache scope, whatever the router would say. */
export const autoModel = 'openai/gpt-4o-mini';

/**
 * Calls for tests of an organisation's learned cache (docs/decisions/080) on a server of the test's
 * own: an organisation on the Business plan whose Auto has one candidate model (so a question and
 * its paraphrase share a cache scope), Auto messages, regenerations and ratings, the figures, and
 * the learner taught directly.
 */
export function cacheLearningFixture(server: () => RunningServer) {
  async function call(owner: CacheOwner | undefined, pathname: string, body?: unknown, method?: string) {
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

  /** An organisation on the Business plan, its administrator signed in, Auto on one candidate, the policy changed as given. */
  async function signUp(policy: Record<string, unknown> = {}): Promise<CacheOwner> {
    const username = uniqueName('cachelearn');
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
    const changed = await call(
      owner,
      `/org/${owner.orgId}/routing-policy`,
      { candidate_model_ids: [autoModel], ...policy },
      'PUT',
    );
    expect(changed.status).toBe(200);
    return owner;
  }

  /** An Auto message; its reply once every background task after it (labels, checks) has settled. */
  async function ask(owner: CacheOwner, prompt: string, sessionId?: string) {
    const answer = await call(owner, '/conversation/message', {
      org_id: owner.orgId,
      user_id: owner.userId,
      prompt,
      stream: true,
      ...(sessionId ? { session_id: sessionId } : {}),
    });
    expect(answer.status).toBe(200);
    const parsed = parseStreamBody(answer.text);
    await server().modelCallsSettled();
    return { text: parsed.text, metadata: parsed.metadata!, route: parsed.metadata!.route! };
  }

  const rate = async (owner: CacheOwner, selectionId: string, feedback: 'positive' | 'negative' | 'neutral') => {
    const answer = await call(owner, '/feedback', {
      selection_id: selectionId,
      org_id: owner.orgId,
      user_id: owner.userId,
      feedback,
    });
    expect(answer.status).toBe(201);
    await server().modelCallsSettled();
  };

  const quality = async (owner: CacheOwner) => {
    const answer = await call(owner, `/org/${owner.orgId}/routing-quality`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  const labelsOf = (orgId: string) =>
    server().database.db.select().from(cacheQualityLabels).where(eq(cacheQualityLabels.orgId, orgId));

  const servedHit = async (decisionId: string) =>
    (await server().database.db.select().from(cacheServedHits).where(eq(cacheServedHits.decisionId, decisionId)))[0];

  /**
   * Teaches the organisation's learner `count` labels of one pair's features (as a served hit kept
   * them), each on an entry of its own, in one locked write; this instance's copy takes it at once.
   */
  async function teach(orgId: string, values: number[], same: boolean, count: number) {
    const features = { gate: 'learned' as const, values };
    const saved = await changeCacheLearner(server().database.db, orgId, server().logger, (state) => {
      let next = state;
      for (let index = 0; index < count; index++) {
        const lookup = { entryKey: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, features };
        next = learnCacheOutcome(next, {
          ...lookup,
          same,
          source: 'judge',
          decision: decideCacheLookup(next, lookup, true),
        });
      }
      return next;
    });
    server().cacheLearning!.learners.remember(orgId, saved);
    return saved;
  }

  return { call, signUp, ask, rate, quality, labelsOf, servedHit, teach };
}
