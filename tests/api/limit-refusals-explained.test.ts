import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageRecords, users } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

/**
 * Issue 21 item 1: a request refused because what it could use (its prompt and its largest reply)
 * does not fit what is left says so, with the numbers and what would fit; it is not "exceeded".
 * The warning comes before such a refusal can happen; a role may let the reply be shortened to fit
 * instead (docs/decisions/051).
 */
const mini = 'openai/gpt-4o-mini';
const longPrompt = `Plan a careful week of meals for a family of four, with a shopping list for each day please ${'and more '.repeat(6)}`;

let limits: LimitsServer;
beforeAll(async () => {
  limits = await startLimitsServer();
}, 60_000);
afterAll(() => limits?.close());
beforeEach(() => limits.provider.reset());

async function memberWithUse(usedTokens: number): Promise<LimitedUser> {
  // The role as an administrator makes it: replies are not shortened to fit (the default).
  const user = await limits.limitedUser(
    [{ modelId: mini, maxTokensPerRequest: 50, monthlyTokenLimit: 150, costLimit: '50' }],
    'Limited',
    false,
  );
  await limits.db.insert(usageRecords).values({
    id: randomUUID(),
    orgId: user.orgId,
    userId: user.userId,
    modelId: mini,
    inputTokens: usedTokens - 20,
    outputTokens: 20,
    costUsd: '0.00001',
    latencyMs: 1,
  });
  return user;
}

const miniLimits = async (user: LimitedUser) =>
  (
    (await limits.call('/conversation/models', user.token)).json().models as {
      model_id: string;
      limits: Record<string, unknown>;
    }[]
  ).find((model) => model.model_id === mini)!.limits;

async function allowShorterReplies(user: LimitedUser) {
  await limits.db.execute(
    sql`update roles set shorten_replies_to_fit = true where id = (select role_id from ${users} where ${users.id} = ${user.userId})`,
  );
}

describe('a request whose largest reply does not fit what is left', () => {
  it('warns before it can be refused, then refuses saying it does not fit (not "exceeded"), with the numbers and the reply that would fit', async () => {
    const user = await memberWithUse(62);
    // 88 of 150 left, below 90% used, but a message may use up to 50 prompt tokens and a 50-token reply.
    const standing = await miniLimits(user);
    expect(standing).toMatchObject({ tokens_used: 62, token_limit: 150, warning: 'monthly_token_limit' });
    expect(standing.request_tokens_max).toBeGreaterThan(88);

    const refused = await limits.send(user, longPrompt, mini);
    expect(refused.status).toBe(429);
    const body = refused.json();
    expect(body.limit).toMatchObject({
      kind: 'monthly_token_limit',
      reason: 'does_not_fit',
      model_id: mini,
      limit: 150,
      used: 62,
      reply_tokens: 50,
    });
    const { request_tokens, fitting_reply_tokens } = body.limit;
    expect(request_tokens).toBeGreaterThan(88);
    expect(fitting_reply_tokens).toBe(88 - (request_tokens - 50));
    expect(fitting_reply_tokens).toBeGreaterThan(0);
    expect(body.message).not.toContain('exceeded');
    expect(body.message).toBe(
      `This message could use up to ${request_tokens} tokens on GPT-4o mini (about ${request_tokens - 50} for the conversation and a reply of up to 50), ` +
        `but 88 of your 150 monthly tokens are left (62 used). A reply of up to ${fitting_reply_tokens} tokens would fit: ` +
        `your administrator can let your role shorten replies to fit. It resets on ${body.limit.resets_on}.`,
    );
    expect(limits.provider.requests).toHaveLength(0);
    expect((await limits.books(user)).reservations).toBe(0);
  });

  it('uses the reply that fits instead of refusing when the role allows it', async () => {
    const user = await memberWithUse(62);
    const refused = await limits.send(user, longPrompt, mini);
    expect(refused.status).toBe(429);
    const fitting = refused.json().limit.fitting_reply_tokens as number;

    await allowShorterReplies(user);
    const answered = await limits.send(user, longPrompt, mini);
    expect(answered.status).toBe(200);
    const asked = limits.provider.requests.at(-1)!.body as { max_tokens?: number; max_completion_tokens?: number };
    expect(asked.max_tokens ?? asked.max_completion_tokens).toBe(fitting);
    expect((await limits.books(user)).tokens).toBeLessThanOrEqual(150);
  });

  it('still says "exceeded" when the month’s use has reached the limit', async () => {
    const user = await memberWithUse(150);
    const refused = await limits.send(user, 'Hi', mini);
    expect(refused.status).toBe(429);
    expect(refused.json().limit).toMatchObject({ reason: 'exceeded', used: 150 });
    expect(refused.json().message).toContain('token limit exceeded');
  });

  it('gives the role setting through the roles API, off by default', async () => {
    const user = await memberWithUse(0);
    const [row] = await limits.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, user.userId));
    const username = uniqueName('roles');
    const signup = await limits.call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    const admin = signup.json() as { token: string; user: { org_id: string } };
    const seen = await fetch(`${limits.server.url}/api/roles/organization/${admin.user.org_id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(seen.status).toBe(200);
    const roles = (await seen.json()).roles as { shorten_replies_to_fit: boolean }[];
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((role) => role.shorten_replies_to_fit === false)).toBe(true);
    // Another organisation's role is not found for this administrator.
    const other = await fetch(`${limits.server.url}/api/roles/${row!.roleId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ shorten_replies_to_fit: true }),
    });
    expect(other.status).toBe(404);
  });
});
