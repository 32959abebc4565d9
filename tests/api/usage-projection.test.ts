import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, startBillingServer, type BillingServer } from './support/billing-server';

/**
 * GET /wallet/{orgId}/usage-projection (docs/decisions/022) over real HTTP. The server's
 * organisations start with $1,000 (TRIAL_CREDIT_USD of the billing server).
 */
describe('the usage projection', () => {
  let setup: BillingServer;

  beforeAll(async () => {
    setup = await startBillingServer();
  }, 120_000);
  afterAll(() => setup?.close());

  const projectionOf = (person: { token: string; orgId: string }) =>
    setup.request(`/wallet/${person.orgId}/usage-projection`, { token: person.token });

  it('answers a balance that outlasts the horizon instead of failing on a date out of range', async () => {
    const admin = await setup.signUp();
    // A millionth of a dollar this week against $1,000: billions of days, past any date JavaScript can hold.
    await setup.recordUsage(admin, {
      modelId: 'openai/gpt-4o-mini',
      inputTokens: 4,
      outputTokens: 1,
      costUsd: '0.000001',
      daysAgo: 0,
    });
    const projection = await projectionOf(admin);
    expect(projection.status, JSON.stringify(projection.body)).toBe(200);
    expect(projection.body).toMatchObject({
      currency: 'USD',
      period_days: 7,
      days_until_empty: null,
      projected_empty_date: null,
      lasts_more_than_years: 10,
    });
    expect(projection.body.balance).toBeCloseTo(999.999999, 6);
    expect(projection.body.average_daily_spend).toBeGreaterThan(0);
  });

  it('answers "more than 10 years" for a few cents a week against a few hundred dollars', async () => {
    const admin = await setup.signUp();
    await setup.recordUsage(admin, {
      modelId: 'openai/gpt-4o-mini',
      inputTokens: 1000,
      outputTokens: 500,
      costUsd: '0.03',
      daysAgo: 2,
    });
    const projection = await projectionOf(admin);
    expect(projection.status).toBe(200);
    expect(projection.body).toMatchObject({
      days_until_empty: null,
      projected_empty_date: null,
      lasts_more_than_years: 10,
    });
  });

  it('projects the day the wallet runs out when it is within the horizon', async () => {
    const admin = await setup.signUp();
    // $70 this week: $10 a day against the $930 left is 93 days.
    await setup.recordUsage(admin, {
      modelId: 'openai/gpt-4o',
      inputTokens: 1000,
      outputTokens: 1000,
      costUsd: '70',
      daysAgo: 1,
    });
    const projection = await projectionOf(admin);
    expect(projection.status).toBe(200);
    expect(projection.body).toEqual({
      balance: 930,
      currency: 'USD',
      period_days: 7,
      average_daily_spend: 10,
      days_until_empty: 93,
      projected_empty_date: dayFromToday(93),
      lasts_more_than_years: null,
    });
  });

  it('refuses another organisation', async () => {
    const admin = await setup.signUp();
    const stranger = await setup.signUp();
    const answer = await setup.request(`/wallet/${admin.orgId}/usage-projection`, { token: stranger.token });
    expect(answer.status).toBe(403);
  });
});
