import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from './support/analytics-server';
import { startBillingServer, type BillingServer } from './support/billing-server';

const visa = '4242 4242 4242 4242';
const businessOnly = (feature: string) =>
  `${feature} is included in the Business plan; your organization is on Free Trial. Upgrade in Billing & Usage.`;

/**
 * A plan's features and allowance are data on the plan, enforced by the server and listed on the
 * pricing page from the same answer (docs/decisions/041).
 */
describe('what a plan includes', () => {
  let setup: BillingServer;

  beforeAll(async () => {
    setup = await startBillingServer();
  }, 120_000);
  afterAll(() => setup?.close());

  const call = (person: Person, path: string, method = 'GET', body?: unknown) =>
    setup.request(path, { token: person.token, method, body });
  const subscribe = (person: Person, planId: string) =>
    setup.request('/subscription/purchase', {
      token: person.token,
      body: { org_id: person.orgId, plan_id: planId, payment_method: 'card', card_number: visa },
    });
  /** The admin sets up two-factor authentication first: once the organisation requires it, people without it are held at its setup. */
  const enableOwnTwoFactor = async (person: Person) => {
    const { secret } = (await call(person, '/auth/2fa/setup')).body;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    expect((await call(person, '/auth/2fa/enable', 'POST', { secret, token: code })).status).toBe(200);
  };
  const turnOnTwoFactor = (person: Person) =>
    call(person, `/org/${person.orgId}/settings`, 'PUT', { security: { require_2fa: true } });
  const readAudit = (person: Person) => call(person, `/org/${person.orgId}/audit`);
  const editRouting = (person: Person) =>
    call(person, `/org/${person.orgId}/routing-policy`, 'PUT', { quality_target: 0.8 });
  const exportRatings = (person: Person, format: 'csv' | 'json') =>
    call(person, `/feedback/export/${person.orgId}`, 'POST', { format });

  it('lists each plan’s features and allowance from the data the server enforces; Enterprise is arranged with sales', async () => {
    const answer = await setup.request('/subscription/plans');
    expect(answer.status).toBe(200);
    const byId = Object.fromEntries(answer.body.plans.map((plan: { id: string }) => [plan.id, plan]));
    expect(byId.free).toMatchObject({ entitlements: [], tokens_per_cycle: 1_000_000, contact_sales: false });
    expect(byId.free.features[0]).toBe('1,000,000 tokens per billing cycle');
    expect(byId.team).toMatchObject({ entitlements: [], tokens_per_cycle: 20_000_000, contact_sales: false });
    expect(byId.business).toMatchObject({
      entitlements: ['custom_routing', 'require_2fa', 'audit_log', 'csv_exports'],
      tokens_per_cycle: 100_000_000,
      contact_sales: false,
    });
    expect(byId.business.features).toEqual([
      '100,000,000 tokens per billing cycle',
      'Custom routing policy and reference model',
      'Two-factor enforcement',
      'Audit logging',
      'CSV exports of cost savings and ratings',
      'Unlimited users',
      'Priority support',
    ]);
    expect(byId.enterprise).toMatchObject({
      entitlements: ['custom_routing', 'require_2fa', 'audit_log', 'csv_exports'],
      contact_sales: true,
    });

    const admin = await setup.signUp();
    const enterprise = await subscribe(admin, 'enterprise');
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.message).toBe(
      'The Enterprise plan is arranged with our sales team: write to sales@tokenwise.ai.',
    );
  });

  it('refuses on the Free Trial what Business includes, saying which plan has it, and changes nothing', async () => {
    const admin = await setup.signUp();
    const twoFactor = await turnOnTwoFactor(admin);
    expect(twoFactor.status).toBe(403);
    expect(twoFactor.body.message).toBe(businessOnly('Two-factor enforcement'));
    expect((await call(admin, `/org/${admin.orgId}/settings`)).body.security.require_2fa).toBe(false);

    // Audit logging: the setting may be on, the log is the plan's.
    expect((await call(admin, `/org/${admin.orgId}/settings`, 'PUT', { enable_audit: true })).status).toBe(200);
    const audit = await readAudit(admin);
    expect(audit.status).toBe(403);
    expect(audit.body.message).toBe(businessOnly('Audit logging'));

    const routing = await editRouting(admin);
    expect(routing.status).toBe(403);
    expect(routing.body.message).toBe(businessOnly('Custom routing policy and reference model'));
    expect((await call(admin, `/org/${admin.orgId}/routing-policy`)).body.policy.quality_target).not.toBe(0.8);

    const csv = await exportRatings(admin, 'csv');
    expect(csv.status).toBe(403);
    expect(csv.body.message).toBe(businessOnly('CSV exports of cost savings and ratings'));
    expect((await exportRatings(admin, 'json')).status).toBe(200);
  });

  it('lets a Business organisation use them, and what was recorded before upgrading is in the log', async () => {
    const admin = await setup.signUp();
    expect((await call(admin, `/org/${admin.orgId}/settings`, 'PUT', { enable_audit: true })).status).toBe(200);
    expect((await subscribe(admin, 'business')).status).toBe(201);
    await enableOwnTwoFactor(admin);
    expect((await turnOnTwoFactor(admin)).status).toBe(200);
    const audit = await readAudit(admin);
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['settings.update', 'subscription.purchase']),
    );
    expect((await editRouting(admin)).status).toBe(200);
    const csv = await exportRatings(admin, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
  });

  it('keeps what an organisation set when its plan no longer includes it, and refuses turning it on again', async () => {
    const admin = await setup.signUp();
    expect((await subscribe(admin, 'business')).status).toBe(201);
    await enableOwnTwoFactor(admin);
    expect((await turnOnTwoFactor(admin)).status).toBe(200);
    expect((await editRouting(admin)).status).toBe(200);
    expect((await call(admin, `/subscription/cancel/${admin.orgId}`, 'POST')).status).toBe(200);
    await setup.moveBack(admin.orgId, 30);
    expect((await call(admin, `/subscription/plan/${admin.orgId}`)).body.id).toBe('free');

    // Two-factor enforcement is never turned off behind the organisation's back; it may be turned off, not on again.
    const settings = await call(admin, `/org/${admin.orgId}/settings`);
    expect(settings.body.security.require_2fa).toBe(true);
    expect(
      (
        await call(admin, `/org/${admin.orgId}/settings`, 'PUT', {
          security: { require_2fa: true },
          retention_period_days: 40,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(admin, `/org/${admin.orgId}/settings`, 'PUT', { security: { require_2fa: false } })).status,
    ).toBe(200);
    expect((await turnOnTwoFactor(admin)).status).toBe(403);
    // The saved routing policy still routes; changing it needs the plan again.
    expect((await call(admin, `/org/${admin.orgId}/routing-policy`)).body.policy.quality_target).toBe(0.8);
    expect((await editRouting(admin)).status).toBe(403);
    expect((await readAudit(admin)).status).toBe(403);
  });

  it('refuses another organisation’s paths', async () => {
    const admin = await setup.signUp();
    const stranger = await setup.signUp();
    expect((await subscribe(stranger, 'business')).status).toBe(201);
    for (const answer of [
      await call(stranger, `/org/${admin.orgId}/settings`, 'PUT', { security: { require_2fa: true } }),
      await call(stranger, `/org/${admin.orgId}/audit`),
      await call(stranger, `/org/${admin.orgId}/routing-policy`, 'PUT', { quality_target: 0.8 }),
      await call(stranger, `/feedback/export/${admin.orgId}`, 'POST', { format: 'csv' }),
    ])
      expect(answer.status).toBe(403);
  });

  it('refuses messages to models once the cycle’s tokens are used, says when they resume, and lets an upgrade continue', async () => {
    const admin = await setup.signUp();
    const sendMessage = async (prompt: string) => {
      const response = await fetch(`${setup.server.url}/api/conversation/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ org_id: admin.orgId, user_id: admin.userId, prompt, stream: true }),
      });
      const text = await response.text();
      return { status: response.status, text };
    };
    // Ten tokens short of the Free Trial's million: the next reply uses the rest, and this instance counts it at once.
    await setup.recordUsage(admin, {
      modelId: 'openai/gpt-4o-mini',
      inputTokens: 600_000,
      outputTokens: 399_990,
      costUsd: '0.3',
      daysAgo: 0,
    });
    expect((await sendMessage('Before the allowance is used')).status).toBe(200);
    const plan = (await call(admin, `/subscription/plan/${admin.orgId}`)).body;
    expect(plan.allowance).toMatchObject({ tokens_per_cycle: 1_000_000, exhausted: true });
    expect(plan.allowance.tokens_used).toBeGreaterThanOrEqual(1_000_000);

    const refused = await sendMessage('After the allowance is used');
    expect(refused.status).toBe(429);
    const body = JSON.parse(refused.text);
    expect(body.code).toBe('plan_allowance_used');
    expect(body.message).toBe(
      `Your organization has used the 1,000,000 tokens its Free Trial plan includes this billing cycle. Messages to models resume on ${plan.allowance.resets_on}, or upgrade to Team (20,000,000 tokens per cycle) in Billing & Usage. The free local model keeps working.`,
    );
    // The upgrade applies at once on this instance: 20,000,000 tokens for the new period.
    expect((await subscribe(admin, 'team')).status).toBe(201);
    expect((await sendMessage('On Team, with room again')).status).toBe(200);
  });
});
