import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts';
import {
  createPerson,
  createRole,
  newAdministrator,
  subscribeToBusiness,
  type Administrator,
} from './support/administration';
import { sendMessage } from './support/chat';
import { api } from './support/client';
import { scriptProvider } from './support/fake-provider';

const saveSettings = async (admin: Administrator, body: Record<string, unknown>) => {
  const answer = await api(`/org/${admin.orgId}/settings`, { method: 'PUT', token: admin.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
/** Turns Auto's routing off, on Business: the plan that includes changing the routing policy (docs/decisions/041). */
const turnRoutingOff = async (admin: Administrator) => {
  await subscribeToBusiness(admin);
  expect(
    (await api(`/org/${admin.orgId}/routing-policy`, { method: 'PUT', token: admin.token, body: { enabled: false } }))
      .status,
  ).toBe(200);
};
const models = async (token: string) => {
  const answer = await api('/conversation/models', { token });
  expect(answer.status).toBe(200);
  return answer.body as { models: { model_id: string; max_tokens: number }[]; default_model_id: string | null };
};
/** The reply limit a provider request carries, in either wire format. */
const replyLimitOf = (body: Record<string, unknown>) =>
  body.max_completion_tokens ?? body.max_tokens ?? body.max_output_tokens;

describe('default_model', () => {
  it('is where the model selector starts for people without a default of their own, while open to them; Auto otherwise', async () => {
    const admin = await newAdministrator();
    const member = await createPerson(admin);
    expect((await models(member.token)).default_model_id).toBeNull();

    await saveSettings(admin, { default_model: 'anthropic/claude-3-5-haiku-latest' });
    expect((await models(member.token)).default_model_id).toBe('anthropic/claude-3-5-haiku-latest');
    expect((await models(admin.token)).default_model_id).toBe('anthropic/claude-3-5-haiku-latest');

    // A model the member's role does not enable: the selector starts on Auto.
    await saveSettings(admin, { default_model: 'anthropic/claude-opus-4' });
    expect((await models(member.token)).default_model_id).toBeNull();
    expect((await models(admin.token)).default_model_id).toBe('anthropic/claude-opus-4');

    // Their own saved choice wins, Auto included.
    const own = await api(`/preferences/user/${member.userId}`, {
      method: 'PUT',
      token: member.token,
      body: { default_model: 'openai/gpt-4o-mini' },
    });
    expect(own.status).toBe(200);
    expect((await models(member.token)).default_model_id).toBe('openai/gpt-4o-mini');
    await api(`/preferences/user/${admin.userId}`, {
      method: 'PUT',
      token: admin.token,
      body: { default_model: null },
    });
    expect((await models(admin.token)).default_model_id).toBeNull();
  });

  it('answers automatic requests when the organisation turned routing off, and the strongest open model says why when it cannot', async () => {
    const admin = await newAdministrator();
    const member = await createPerson(admin);
    await turnRoutingOff(admin);
    await saveSettings(admin, { default_model: 'openai/gpt-4o-mini' });

    const answered = await sendMessage(member.token, {
      org_id: admin.orgId,
      user_id: member.userId,
      prompt: 'Who answers with routing off?',
    });
    expect(answered.status).toBe(200);
    expect(answered.parsed.metadata).toMatchObject({ primary_model: 'openai/gpt-4o-mini' });
    expect(answered.parsed.metadata!.route).toMatchObject({
      reason: 'routing_off',
      reason_text: "Routing is off: your organization's default model",
    });

    await saveSettings(admin, { default_model: 'anthropic/claude-opus-4' });
    const fellBack = await sendMessage(member.token, {
      org_id: admin.orgId,
      user_id: member.userId,
      prompt: 'And now?',
    });
    expect(fellBack.status).toBe(200);
    // The seeded Member role's strongest model.
    expect(['anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o-mini']).toContain(
      fellBack.parsed.metadata!.primary_model,
    );
    expect(fellBack.parsed.metadata!.route!.reason_text).toBe(
      "Routing is off: the strongest model you may use, as your organization's default model (anthropic/claude-opus-4) is not open to you for this request",
    );
    // A chosen model is still honoured.
    const chosen = await sendMessage(member.token, {
      org_id: admin.orgId,
      user_id: member.userId,
      prompt: 'My pick',
      forced_model_id: 'anthropic/claude-3-5-haiku-latest',
    });
    expect(chosen.parsed.metadata!.primary_model).toBe('anthropic/claude-3-5-haiku-latest');
  });
});

describe('max_tokens_per_request', () => {
  it('caps every prompt and reply of the organisation, under the role limit when that is smaller, and /conversation/models reports it', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, {
      name: 'Tight',
      description: 'Two models',
      permissions: [
        {
          model_id: 'openai/gpt-4o-mini',
          isEnabled: true,
          max_tokens_per_request: 50,
          monthly_token_limit: 100_000,
          cost_limit: 50,
        },
        {
          model_id: 'anthropic/claude-3-5-haiku-latest',
          isEnabled: true,
          max_tokens_per_request: 2000,
          monthly_token_limit: 100_000,
          cost_limit: 50,
        },
      ],
    });
    const person = await createPerson(admin, { id: roleId });
    expect((await models(admin.token)).models.every((model) => model.max_tokens > 100)).toBe(true);

    await saveSettings(admin, { max_tokens_per_request: 100 });
    const adminModels = (await models(admin.token)).models;
    expect(adminModels.length).toBeGreaterThan(3);
    expect(adminModels.every((model) => model.max_tokens === 100)).toBe(true);
    expect(
      Object.fromEntries((await models(person.token)).models.map((model) => [model.model_id, model.max_tokens])),
    ).toEqual({
      'openai/gpt-4o-mini': 50,
      'anthropic/claude-3-5-haiku-latest': 100,
    });

    const tooLong = await api('/conversation/message', {
      token: admin.token,
      body: {
        org_id: admin.orgId,
        user_id: admin.userId,
        prompt: 'x'.repeat(404),
        forced_model_id: 'openai/gpt-4o',
        stream: false,
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(messages.messageTooLong(100));

    const script = await scriptProvider({ text: 'Short one' }, { text: 'Shorter one' }, { text: 'Anthropic one' });
    const send = (token: string, userId: string, model: string) =>
      sendMessage(token, {
        org_id: admin.orgId,
        user_id: userId,
        prompt: `Keep it short ${script.marker}`,
        forced_model_id: model,
      });
    expect((await send(admin.token, admin.userId, 'openai/gpt-4o')).status).toBe(200);
    expect((await send(person.token, person.userId, 'openai/gpt-4o-mini')).status).toBe(200);
    expect((await send(person.token, person.userId, 'anthropic/claude-3-5-haiku-latest')).status).toBe(200);
    const limits = (await script.requests()).map((request) => replyLimitOf(request.body as Record<string, unknown>));
    expect(limits).toEqual([100, 50, 100]);
  });
});

describe('default_temperature', () => {
  it('is passed to the model call, in the OpenAI and the Anthropic wire formats', async () => {
    const admin = await newAdministrator();
    await saveSettings(admin, { default_temperature: 0.25 });
    const script = await scriptProvider({ text: 'Cool answer' }, { text: 'Cool Claude answer' });
    for (const model of ['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest']) {
      const answer = await sendMessage(admin.token, {
        org_id: admin.orgId,
        user_id: admin.userId,
        prompt: `Be precise ${script.marker}`,
        forced_model_id: model,
      });
      expect(answer.status).toBe(200);
    }
    const requests = await script.requests();
    expect(requests.map((request) => request.path)).toEqual([
      expect.stringContaining('/chat/completions'),
      expect.stringContaining('/messages'),
    ]);
    expect(requests.map((request) => (request.body as { temperature?: number }).temperature)).toEqual([0.25, 0.25]);

    // Another organisation keeps section 9's default.
    const other = await newAdministrator();
    const otherScript = await scriptProvider({ text: 'Warm answer' });
    await sendMessage(other.token, {
      org_id: other.orgId,
      user_id: other.userId,
      prompt: `Hello ${otherScript.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(((await otherScript.requests())[0]!.body as { temperature?: number }).temperature).toBe(0.7);
  });
});
