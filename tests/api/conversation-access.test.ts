import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';

// Spec section 8: the web app shows 'You do not have permission to use this model.' for 'Model access denied'.
const noAccess = 'Model access denied. You do not have access to this model.';

function nextMonthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

async function adminWithSession() {
  const admin = await signUpOrganisation();
  const { user, token } = admin.auth;
  const answer = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'A private conversation' });
  const metadata = answer.parsed.metadata!;
  return {
    user,
    token,
    sessionId: metadata.session_id,
    userMessageId: metadata.usr_msg_id,
    replyId: metadata.assistant_msg_id,
  };
}

describe('GET /conversation/models', () => {
  it('offers admins every model with credentials, with the prompt limit the server enforces as max_tokens', async () => {
    const { token, user } = (await signUpOrganisation()).auth;
    // Section 9's organisation-wide 4,000 tokens per request holds admins too (decision 021).
    expect(
      (await api('/conversation/models', { token })).body.models.every(
        (model: { max_tokens: number; max_tokens_limited_by: string }) =>
          model.max_tokens === 4000 && model.max_tokens_limited_by === 'organisation',
      ),
    ).toBe(true);
    expect(
      (await api(`/org/${user.org_id}/settings`, { method: 'PUT', token, body: { max_tokens_per_request: 1_000_000 } }))
        .status,
    ).toBe(200);
    const answer = await api('/conversation/models', { token });
    expect(answer.status).toBe(200);
    const ids = answer.body.models.map((model: { model_id: string }) => model.model_id);
    expect(ids).toContain('openai/gpt-4o');
    expect(ids).toContain('anthropic/claude-sonnet-4');
    // No Google key and the local model is off in this suite: neither is offered.
    expect(ids.some((id: string) => id.startsWith('google/') || id.startsWith('local/'))).toBe(false);
    expect(answer.body.models.find((model: { model_id: string }) => model.model_id === 'openai/gpt-4o-mini')).toEqual({
      model_id: 'openai/gpt-4o-mini',
      name: 'GPT-4o mini',
      provider: 'openai',
      // The context window (128,000) less the room kept for the reply (its maximum output, 16,384).
      max_tokens: 111_616,
      max_tokens_limited_by: 'model',
    });
  });

  it('enforces on an admin exactly the max_tokens the list reports', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const listed = (await api('/conversation/models', { token })).body.models as {
      model_id: string;
      max_tokens: number;
    }[];
    const validate = (model_id: string, token_count: number) =>
      api('/tokens/validate', { token, body: { org_id: user.org_id, user_id: user.id, model_id, token_count } });
    for (const model of listed.filter((candidate) =>
      ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'].includes(candidate.model_id),
    )) {
      expect((await validate(model.model_id, model.max_tokens)).body).toEqual({ valid: true, message: 'OK' });
      expect((await validate(model.model_id, model.max_tokens + 1)).body).toEqual({
        valid: false,
        message: `Message exceeds maximum allowed tokens (${model.max_tokens})`,
      });
    }
  });

  it("offers a member only the role's enabled models with the role's limit", async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const answer = await api('/conversation/models', { token: member.token });
    // Each with the member's standing against its monthly limits (nothing used yet) and when they reset.
    const limits = {
      token_limit: 100_000,
      tokens_used: 0,
      tokens_reserved: 0,
      cost_limit: 50,
      cost_used: 0,
      cost_reserved: 0,
      resets_on: nextMonthStart(),
      warning: null,
      // The most one message may take of the limit: its largest prompt and its whole reply (docs/decisions/051).
      request_tokens_max: expect.any(Number),
    };
    for (const model of answer.body.models) expect(model.limits.request_tokens_max).toBeGreaterThan(model.max_tokens);
    expect(answer.body.models).toEqual([
      {
        model_id: 'openai/gpt-4o-mini',
        name: 'GPT-4o mini',
        provider: 'openai',
        max_tokens: 2000,
        max_tokens_limited_by: 'role',
        limits,
      },
      {
        model_id: 'anthropic/claude-3-5-haiku-latest',
        name: 'Claude 3.5 Haiku',
        provider: 'anthropic',
        max_tokens: 2000,
        max_tokens_limited_by: 'role',
        limits,
      },
    ]);
  });

  it('needs a signed-in caller', async () => {
    expect((await api('/conversation/models')).status).toBe(401);
  });
});

describe('model access and limits on POST /conversation/message', () => {
  it("refuses a member a model outside the role, and a prompt over the role's limit, saving nothing", async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const base = { org_id: admin.user.org_id, user_id: member.userId };
    const refused = await api('/conversation/message', {
      token: member.token,
      body: { ...base, prompt: 'Hi', forced_model_id: 'openai/gpt-4o' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(noAccess);
    const unknown = await api('/conversation/message', {
      token: member.token,
      body: { ...base, prompt: 'Hi', forced_model_id: 'openai/nonsense' },
    });
    expect(unknown.status).toBe(403);
    const tooLong = await api('/conversation/message', {
      token: member.token,
      body: { ...base, prompt: 'x'.repeat(8_001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Message exceeds maximum allowed tokens (2000)');
    const list = await api(`/conversation/session/list/${base.org_id}/${base.user_id}`, { token: member.token });
    expect(list.body.sessions).toEqual([]);

    const allowed = await sendMessage(member.token, {
      ...base,
      prompt: 'x'.repeat(8_000),
      forced_model_id: 'anthropic/claude-3-5-haiku-latest',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.parsed.metadata!.primary_model).toBe('anthropic/claude-3-5-haiku-latest');
  });
});

describe('conversations never cross users or organisations', () => {
  it('refuses org_id or user_id that are not the caller own, changing nothing', async () => {
    const alpha = await adminWithSession();
    const beta = (await signUpOrganisation()).auth;
    for (const body of [
      { org_id: alpha.user.org_id, user_id: alpha.user.id, prompt: 'Speaking for alpha' },
      { org_id: beta.user.org_id, user_id: alpha.user.id, prompt: 'Mixed ids' },
      { org_id: alpha.user.org_id, user_id: beta.user.id, prompt: 'Mixed ids' },
    ]) {
      expect((await api('/conversation/message', { token: beta.token, body })).status).toBe(403);
    }
    const betaSessions = await api(`/conversation/session/list/${beta.user.org_id}/${beta.user.id}`, {
      token: beta.token,
    });
    expect(betaSessions.body.sessions).toEqual([]);
    const alphaSession = await api(`/conversation/session/${alpha.sessionId}`, { token: alpha.token });
    expect(alphaSession.body.messages).toHaveLength(2);
  });

  it("answers 404 for another user's session and messages, 403 for their lists, and changes nothing", async () => {
    const alpha = await adminWithSession();
    const beta = (await signUpOrganisation()).auth;
    const colleague = await activeMember(alpha.token, alpha.user.org_id);
    for (const intruder of [
      { token: beta.token, orgId: beta.user.org_id, userId: beta.user.id },
      { token: colleague.token, orgId: alpha.user.org_id, userId: colleague.userId },
    ]) {
      const { token } = intruder;
      const post = await api('/conversation/message', {
        token,
        body: {
          org_id: intruder.orgId,
          user_id: intruder.userId,
          prompt: 'Into your chat',
          session_id: alpha.sessionId,
        },
      });
      expect(post.status).toBe(404);
      expect((await api(`/conversation/session/${alpha.sessionId}`, { token })).status).toBe(404);
      expect(
        (await api(`/conversation/session/${alpha.sessionId}/title`, { token, method: 'PUT', body: { title: 'Mine' } }))
          .status,
      ).toBe(404);
      expect((await api(`/conversation/session/${alpha.sessionId}`, { token, method: 'DELETE' })).status).toBe(404);
      expect(
        (
          await api(`/conversation/message/${alpha.userMessageId}`, {
            token,
            method: 'PUT',
            body: { content: 'Changed' },
          })
        ).status,
      ).toBe(404);
      expect((await api(`/conversation/message/${alpha.replyId}`, { token, method: 'DELETE' })).status).toBe(404);
      expect((await api(`/conversation/session/list/${alpha.user.org_id}/${alpha.user.id}`, { token })).status).toBe(
        403,
      );
      expect(
        (await api(`/conversation/session/all/${alpha.user.org_id}/${alpha.user.id}`, { token, method: 'DELETE' }))
          .status,
      ).toBe(403);
    }
    const untouched = await api(`/conversation/session/${alpha.sessionId}`, { token: alpha.token });
    expect(untouched.body.title).toBe('A private conversation...');
    expect(untouched.body.messages.map((message: { content: string }) => message.content)[0]).toBe(
      'A private conversation',
    );
    expect(untouched.body.messages).toHaveLength(2);
    // A malformed id is refused before any query runs.
    expect((await api('/conversation/session/not-a-uuid', { token: alpha.token })).status).toBe(400);
  });
});
