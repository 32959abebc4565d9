import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness } from './support/client';
import { sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';
import { activeMember } from './support/invite';

const policyPath = (orgId: string) => `/org/${orgId}/routing-policy`;

describe('automatic routing', () => {
  it('records a decision for every automatic reply, names it in the metadata and prices it against the reference model', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const script = await scriptProvider({ text: 'Routed reply', usage: { inputTokens: 1000, outputTokens: 500 } });
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Route me ${script.marker}`,
    });
    expect(answer.status).toBe(200);
    const metadata = answer.parsed.metadata!;
    expect(metadata.route).toMatchObject({ decision_id: metadata.selection_id, mode: 'auto', cached: false });
    expect(metadata.route!.reason_text.length).toBeGreaterThan(5);
    // The reference is the best model the organisation can reach; this reply cost no more than it would have there.
    expect(metadata.route!.reference_model).toBe('anthropic/claude-opus-4');
    expect(metadata.route!.reference_cost_usd).toBeCloseTo((1000 * 15 + 500 * 75) / 1e6, 9);
    expect(metadata.route!.cost_usd).toBeLessThanOrEqual(metadata.route!.reference_cost_usd);

    const reply = (await api(`/conversation/session/${metadata.session_id}`, { token })).body.messages[1];
    expect(reply).toMatchObject({
      selection_id: metadata.selection_id,
      model: metadata.primary_model,
      route: metadata.route,
    });
  });

  it("scores each prompt with the learned router and maps it to a tier by the organisation's quality target", async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const setTarget = (quality_target: number) =>
      api(policyPath(user.org_id), { method: 'PUT', token, body: { quality_target } });
    const prompt = 'Prove that there are infinitely many primes, step by step.';

    expect((await setTarget(0.5)).status).toBe(200);
    const modest = (await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt })).parsed.metadata!;
    expect(modest.route).toMatchObject({ reason: 'router_score', mode: 'auto' });
    expect(modest.route!.reason_text).toMatch(/^Router score \d\.\d\d below/);
    expect([
      'openai/gpt-4.1-nano',
      'openai/gpt-4o-mini',
      'anthropic/claude-3-5-haiku-latest',
      'openai/gpt-4.1-mini',
    ]).toContain(modest.primary_model);

    expect((await setTarget(1)).status).toBe(200);
    const demanding = (await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt })).parsed.metadata!;
    expect(demanding.route!.reason_text).toMatch(/^Router score \d\.\d\d at or above \d\.\d\d: the strongest tier/);
    expect(['anthropic/claude-opus-4', 'anthropic/claude-sonnet-4', 'openai/o3-mini', 'openai/o4-mini']).toContain(
      demanding.primary_model,
    );
  });

  it('falls back to the backup model when the primary fails before streaming, and says so', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const script = await scriptProvider({ failBeforeStream: { status: 503 } }, { text: 'The backup answered' });
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Fall back ${script.marker}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.text).toBe('The backup answered');
    const metadata = answer.parsed.metadata!;
    expect(metadata.backup_model).not.toBeNull();
    expect(metadata.backup_model).not.toBe(metadata.primary_model);
    expect(metadata.route).toMatchObject({ reason: 'fallback' });
    expect(metadata.route!.reason_text).toContain(`${metadata.primary_model} failed before answering`);
    const requests = await script.requests();
    expect(requests).toHaveLength(2);
    const reply = (await api(`/conversation/session/${metadata.session_id}`, { token })).body.messages[1];
    expect(reply.model).toBe(metadata.backup_model);
  });

  it('answers the failure when the backup fails too, keeping the user message', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const script = await scriptProvider({ failBeforeStream: { status: 500 } }, { failBeforeStream: { status: 500 } });
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Both fail ${script.marker}`,
    });
    expect(answer.status).toBe(502);
    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    const saved = await api(`/conversation/session/${list.body.sessions[0].id}`, { token });
    expect(saved.body.messages.map((message: { role: string }) => message.role)).toEqual(['user']);
  });

  it("only picks models the caller's role allows", async () => {
    const admin = (await signUpOnBusiness()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const answer = await sendMessage(member.token, {
      org_id: member.orgId,
      user_id: member.userId,
      prompt: 'Which model answers me?',
    });
    expect(answer.status).toBe(200);
    // The seeded Member role has the small models only.
    expect(['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest']).toContain(
      answer.parsed.metadata!.primary_model,
    );
  });
});

describe('the routing policy', () => {
  it('is read and changed by the organisation admin, and a narrowed candidate list is honoured', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const initial = await api(policyPath(user.org_id), { token });
    expect(initial.status).toBe(200);
    expect(initial.body.policy).toMatchObject({
      enabled: true,
      quality_target: 0.95,
      candidate_model_ids: null,
      reference_model_id: null,
    });
    expect(initial.body.policy.cache).toMatchObject({ enabled: true, threshold: null });
    expect(initial.body.effective.reference_model_id).toBe('anthropic/claude-opus-4');
    expect(initial.body.effective.candidate_model_ids[0]).toBe('openai/gpt-4.1-nano');

    const changed = await api(policyPath(user.org_id), {
      method: 'PUT',
      token,
      body: {
        candidate_model_ids: ['openai/gpt-4o-mini'],
        reference_model_id: 'openai/gpt-4o',
        cache: { ttl_seconds: 3600 },
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.policy).toMatchObject({
      candidate_model_ids: ['openai/gpt-4o-mini'],
      reference_model_id: 'openai/gpt-4o',
    });
    expect(changed.body.policy.cache).toMatchObject({ enabled: true, ttl_seconds: 3600 });

    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Only one candidate now',
    });
    expect(answer.parsed.metadata).toMatchObject({ primary_model: 'openai/gpt-4o-mini', backup_model: null });
    expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'only_model', reference_model: 'openai/gpt-4o' });
  });

  it('with routing off, sends automatic requests to the strongest model the caller may use', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    expect((await api(policyPath(user.org_id), { method: 'PUT', token, body: { enabled: false } })).status).toBe(200);
    const answer = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'No routing please' });
    expect(answer.parsed.metadata).toMatchObject({ primary_model: 'anthropic/claude-opus-4' });
    expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'routing_off' });
  });

  it('refuses bad values with clear messages and changes nothing', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const cases: [Record<string, unknown>, string][] = [
      [{ quality_target: 1.5 }, 'Quality target must be between 50% and 100%'],
      [{ candidate_model_ids: ['openai/gpt-9'] }, 'Unknown model: openai/gpt-9'],
      [{ candidate_model_ids: [] }, 'Choose at least one candidate model'],
      [{ reference_model_id: 'nobody/nothing' }, 'Unknown model: nobody/nothing'],
      [{ cache: { threshold: 0.2 } }, 'Cache threshold must be between 0.5 and 1'],
      [{ cache: { max_entries: 5 } }, 'Cache size must be between 10 and 1,000,000 entries'],
    ];
    for (const [body, message] of cases) {
      const refused = await api(policyPath(user.org_id), { method: 'PUT', token, body: { enabled: false, ...body } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await api(policyPath(user.org_id), { token })).body.policy.enabled).toBe(true);
  });

  it('is closed to members and to other organisations', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    expect((await api(policyPath(admin.user.org_id), { token: member.token })).status).toBe(403);
    expect(
      (await api(policyPath(admin.user.org_id), { method: 'PUT', token: member.token, body: { enabled: false } }))
        .status,
    ).toBe(403);
    const stranger = (await signUpOnBusiness()).auth;
    expect((await api(policyPath(admin.user.org_id), { token: stranger.token })).status).toBe(403);
    expect(
      (await api(policyPath(admin.user.org_id), { method: 'PUT', token: stranger.token, body: { enabled: false } }))
        .status,
    ).toBe(403);
    expect((await api(policyPath(admin.user.org_id), { token: admin.token })).body.policy.enabled).toBe(true);
  });

  it('records each change of the policy in the audit log, with the policy before and after', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const orgId = admin.user.org_id;
    expect(
      (await api(`/org/${orgId}/settings`, { method: 'PUT', token: admin.token, body: { enable_audit: true } })).status,
    ).toBe(200);
    const saved = await api(policyPath(orgId), {
      method: 'PUT',
      token: admin.token,
      body: { quality_target: 0.9, cache: { threshold: 0.8 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.policy).toMatchObject({ quality_target: 0.9, cache: { threshold: 0.8 } });
    // A refused change (an unknown model) writes neither the policy nor an entry.
    expect(
      (await api(policyPath(orgId), { method: 'PUT', token: admin.token, body: { reference_model_id: 'nobody/none' } }))
        .status,
    ).toBe(400);

    const entries = (await api(`/org/${orgId}/audit`, { token: admin.token })).body.entries.filter(
      (entry: { action: string }) => entry.action === 'routing.policy_update',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_type: 'routing',
      target_id: orgId,
      before: { quality_target: 0.95, cache: { threshold: null } },
      after: { quality_target: 0.9, cache: { threshold: 0.8 } },
    });
    // Applied at once: the next read (and the next message) sees it.
    expect((await api(policyPath(orgId), { token: admin.token })).body.effective.cache_threshold).toBe(0.8);
  });
});

describe('savings against "without the router"', () => {
  it('sums stored actual and reference costs by day, model and user, for admins of the organisation only', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const usage = { inputTokens: 1000, outputTokens: 500 };
    const script = await scriptProvider({ text: 'a', usage }, { text: 'b', usage });
    await sendMessage(admin.token, {
      org_id: admin.user.org_id,
      user_id: admin.user.id,
      prompt: `One ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    await sendMessage(member.token, {
      org_id: member.orgId,
      user_id: member.userId,
      prompt: `Two ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });

    const path = `/org/${admin.user.org_id}/routing-savings`;
    const answer = await api(path, { token: admin.token });
    expect(answer.status).toBe(200);
    const actualEach = (1000 * 0.15 + 500 * 0.6) / 1e6;
    const referenceEach = (1000 * 15 + 500 * 75) / 1e6; // claude-opus-4, the best model reachable
    expect(answer.body.totals).toMatchObject({ requests: 2, cache_hits: 0, tokens_used: 3000 });
    expect(answer.body.totals.actual_cost).toBeCloseTo(2 * actualEach, 9);
    expect(answer.body.totals.potential_cost).toBeCloseTo(2 * referenceEach, 9);
    expect(answer.body.totals.savings).toBeCloseTo(2 * (referenceEach - actualEach), 9);
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.body.cost_savings).toEqual([
      {
        model_id: 'openai/gpt-4o-mini',
        model_name: 'GPT-4o mini',
        daily_savings: [
          {
            date: today,
            tokens_used: 3000,
            actual_cost: expect.closeTo(2 * actualEach, 9),
            potential_cost: expect.closeTo(2 * referenceEach, 9),
          },
        ],
      },
    ]);
    expect(
      answer.body.by_user.map((row: { user_id: string; requests: number }) => [row.user_id, row.requests]).sort(),
    ).toEqual(
      [
        [admin.user.id, 1],
        [member.userId, 1],
      ].sort(),
    );

    const oneUser = await api(`${path}?user_id=${member.userId}`, { token: admin.token });
    expect(oneUser.body.totals.requests).toBe(1);
    const longAgo = await api(`${path}?from=2001-01-01&to=2001-01-31`, { token: admin.token });
    expect(longAgo.body).toMatchObject({
      from: '2001-01-01',
      to: '2001-01-31',
      cost_savings: [],
      totals: { requests: 0, savings: 0 },
    });
    const bad = await api(`${path}?from=January`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dates must look like YYYY-MM-DD');

    expect((await api(path, { token: member.token })).status).toBe(403);
    const stranger = (await signUpOnBusiness()).auth;
    expect((await api(path, { token: stranger.token })).status).toBe(403);
    expect(
      (await api(`/org/${stranger.user.org_id}/routing-savings`, { token: stranger.token })).body.totals.requests,
    ).toBe(0);
  });
});
