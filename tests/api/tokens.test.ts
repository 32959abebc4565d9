import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';
import { scriptProvider } from './support/fake-provider';

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('GET /tokens/usage/:userId/:month/monthly', () => {
  it('sums the recorded replies per model; admins see their members, members only themselves', async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const script = await scriptProvider(
      { text: 'one two', usage: { inputTokens: 100, outputTokens: 20 } },
      { text: 'three', usage: { inputTokens: 50, outputTokens: 5 } },
    );
    const base = { org_id: member.orgId, user_id: member.userId, forced_model_id: 'openai/gpt-4o-mini' };
    await sendMessage(member.token, { ...base, prompt: `First ${script.marker}` });
    await sendMessage(member.token, { ...base, prompt: `Second ${script.marker}` });

    const own = await api(`/tokens/usage/${member.userId}/${thisMonth()}/monthly`, { token: member.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ user_id: member.userId, month: thisMonth(), total_tokens: 175 });
    expect(own.body.monthly_usage).toEqual([
      { model_id: 'openai/gpt-4o-mini', tokens_used: 175, cost: expect.any(Number), requests: 2 },
    ]);
    expect(own.body.total_cost).toBeCloseTo((150 * 0.15 + 25 * 0.6) / 1e6, 12);

    expect(
      (await api(`/tokens/usage/${member.userId}/${thisMonth()}/monthly`, { token: admin.token })).body.total_tokens,
    ).toBe(175);
    expect(
      (await api(`/tokens/usage/${member.userId}/2001-01/monthly`, { token: member.token })).body.total_tokens,
    ).toBe(0);
    expect((await api(`/tokens/usage/${admin.user.id}/${thisMonth()}/monthly`, { token: member.token })).status).toBe(
      403,
    );
    expect((await api(`/tokens/usage/${member.userId}/June/monthly`, { token: member.token })).status).toBe(400);
    const stranger = (await signUpOrganisation()).auth;
    expect((await api(`/tokens/usage/${member.userId}/${thisMonth()}/monthly`, { token: stranger.token })).status).toBe(
      404,
    );
  });
});

describe('POST /tokens/validate and the monthly limits on sending', () => {
  it("checks the role's model access, per-request and monthly token limits", async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const validate = (model_id: string, token_count: number) =>
      api('/tokens/validate', {
        token: member.token,
        body: { org_id: member.orgId, user_id: member.userId, model_id, token_count },
      });

    expect((await validate('openai/gpt-4o-mini', 100)).body).toEqual({ valid: true, message: 'OK' });
    expect((await validate('openai/gpt-4o', 100)).body).toEqual({
      valid: false,
      message: 'You do not have access to this model.',
    });
    expect((await validate('openai/gpt-4o-mini', 2001)).body).toEqual({
      valid: false,
      message: 'Message exceeds maximum allowed tokens (2000)',
    });

    // One reply that uses up the month's 100,000 tokens on this model.
    const script = await scriptProvider({ text: 'expensive', usage: { inputTokens: 99_990, outputTokens: 10 } });
    const base = { org_id: member.orgId, user_id: member.userId, forced_model_id: 'openai/gpt-4o-mini' };
    expect((await sendMessage(member.token, { ...base, prompt: `Big ${script.marker}` })).status).toBe(200);
    expect((await validate('openai/gpt-4o-mini', 1)).body).toEqual({
      valid: false,
      message: 'Monthly token limit exceeded for this model.',
    });
    const refused = await api('/conversation/message', { token: member.token, body: { ...base, prompt: 'One more' } });
    // 429 (docs/decisions/019), with the spec's phrase, the model and the reset date.
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('Monthly token limit exceeded on GPT-4o mini (openai/gpt-4o-mini)');
    expect(refused.body.limit).toMatchObject({
      kind: 'monthly_token_limit',
      model_id: 'openai/gpt-4o-mini',
      limit: 100_000,
      used: 100_000,
      reserved: 0,
    });
    // Another model of the role has its own budget.
    expect((await validate('anthropic/claude-3-5-haiku-latest', 1)).body.valid).toBe(true);

    const other = await api('/tokens/validate', {
      token: member.token,
      body: { org_id: admin.user.org_id, user_id: admin.user.id, model_id: 'openai/gpt-4o-mini', token_count: 1 },
    });
    expect(other.status).toBe(403);
  });
});

describe('GET /tokens/estimate/:modelId', () => {
  it('prices input tokens from the catalog', async () => {
    const { token } = (await signUpOrganisation()).auth;
    const answer = await api('/tokens/estimate/openai/gpt-4o-mini?tokenCount=1000000', { token });
    expect(answer.body).toEqual({ model_id: 'openai/gpt-4o-mini', token_count: 1_000_000, cost: 0.15 });
    expect((await api('/tokens/estimate/openai%2Fgpt-4o?tokenCount=1000', { token })).body.cost).toBeCloseTo(
      0.0025,
      10,
    );
    expect((await api('/tokens/estimate/openai/nope?tokenCount=1', { token })).status).toBe(404);
    expect((await api('/tokens/estimate/openai/gpt-4o', { token })).status).toBe(400);
  });
});

describe('POST /tokens/usage', () => {
  it('acknowledges a client report without recording it, and only for the caller', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const report = {
      userId: user.id,
      modelId: 'openai/gpt-4o',
      tokensUsed: 1_000_000,
      cost: 999,
      timestamp: Date.now(),
    };
    const answer = await api('/tokens/usage', { token, body: report });
    expect(answer.status).toBe(202);
    expect((await api(`/tokens/usage/${user.id}/${thisMonth()}/monthly`, { token })).body.total_tokens).toBe(0);
    const stranger = (await signUpOrganisation()).auth;
    expect((await api('/tokens/usage', { token: stranger.token, body: report })).status).toBe(403);
  });
});
