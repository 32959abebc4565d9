import { describe, expect, inject, it } from 'vitest';
import { api, signUpOnBusiness, signUpOrganisation } from './support/client';
import { sendMessage, streamChat } from './support/chat';
import { createPerson, newAdministrator } from './support/administration';
import { activeMember } from './support/invite';

async function replyOf(token: string, orgId: string, userId: string, model = 'openai/gpt-4o-mini') {
  const answer = await sendMessage(token, {
    org_id: orgId,
    user_id: userId,
    prompt: 'Rate me',
    forced_model_id: model,
  });
  return answer.parsed.metadata!;
}

describe('feedback on replies', () => {
  it('takes one rating per reply, with the spec texts for missing fields', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const metadata = await replyOf(token, user.org_id, user.id);
    const body = { selection_id: metadata.selection_id, org_id: user.org_id, user_id: user.id, feedback: 'positive' };
    const given = await api('/feedback', { token, body });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({
      selection_id: metadata.selection_id,
      model_id: 'openai/gpt-4o-mini',
      feedback: 'positive',
    });
    const again = await api('/feedback', { token, body: { ...body, feedback: 'negative' } });
    expect(again.status).toBe(409);
    expect((await api(`/feedback/${given.body.id}`, { token })).body.feedback).toBe('positive');

    for (const [field, message] of [
      ['selection_id', 'Selection ID is required'],
      ['org_id', 'Organization ID is required'],
      ['user_id', 'User ID is required'],
      ['feedback', 'Feedback is required'],
    ] as const) {
      const missing = await api('/feedback', { token, body: { ...body, [field]: undefined } });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(message);
    }
    // A user message is not a reply.
    expect((await api('/feedback', { token, body: { ...body, selection_id: metadata.usr_msg_id } })).status).toBe(404);
  });

  it('lets a regenerated reply be rated afresh, keeping the old rating for the old model', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const first = await replyOf(token, user.org_id, user.id, 'openai/gpt-4o-mini');
    const rate = (feedback: string) =>
      api('/feedback', {
        token,
        body: { selection_id: first.selection_id, org_id: user.org_id, user_id: user.id, feedback },
      });
    const old = await rate('negative');
    expect(old.status).toBe(201);

    const regenerated = await streamChat('/conversation/regenerate', token, {
      session_id: first.session_id,
      message_id: first.assistant_msg_id,
      forced_model_id: 'anthropic/claude-sonnet-4',
    });
    expect(regenerated.status).toBe(200);
    expect(regenerated.parsed.metadata!.assistant_msg_id).toBe(first.assistant_msg_id);
    const messages = (await api(`/conversation/session/${first.session_id}`, { token })).body.messages as {
      id: string;
      feedback: string | null;
    }[];
    expect(messages.find((message) => message.id === first.assistant_msg_id)?.feedback).toBeNull();

    // The new answer has a routing decision of its own, rated afresh; the old one stays rated once.
    const newSelection = regenerated.parsed.metadata!.selection_id;
    expect(newSelection).not.toBe(first.selection_id);
    expect((await rate('positive')).status).toBe(409);
    const fresh = await api('/feedback', {
      token,
      body: { selection_id: newSelection, org_id: user.org_id, user_id: user.id, feedback: 'positive' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({
      selection_id: newSelection,
      model_id: 'anthropic/claude-sonnet-4',
      feedback: 'positive',
    });
    const kept = await api(`/feedback/${old.body.id}`, { token });
    expect(kept.body).toMatchObject({
      selection_id: first.selection_id,
      model_id: 'openai/gpt-4o-mini',
      feedback: 'negative',
    });
    const after = (await api(`/conversation/session/${first.session_id}`, { token })).body.messages as {
      id: string;
      feedback: string | null;
      selection_id: string;
    }[];
    expect(after.find((message) => message.id === first.assistant_msg_id)).toMatchObject({
      feedback: 'positive',
      selection_id: newSelection,
    });
  });

  it('shows on the fetched session which replies the caller already rated, and how', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const first = await replyOf(token, user.org_id, user.id);
    const second = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'And again',
      session_id: first.session_id,
    });
    const secondReplyId = second.parsed.metadata!.assistant_msg_id;
    const read = async () =>
      (await api(`/conversation/session/${first.session_id}`, { token })).body.messages as {
        id: string;
        feedback: string | null;
      }[];

    expect((await read()).map((message) => message.feedback)).toEqual([null, null, null, null]);
    const given = await api('/feedback', {
      token,
      body: { selection_id: first.selection_id, org_id: user.org_id, user_id: user.id, feedback: 'negative' },
    });
    expect(given.status).toBe(201);
    const after = await read();
    expect(after.map((message) => [message.id, message.feedback])).toEqual([
      [first.usr_msg_id, null],
      [first.assistant_msg_id, 'negative'],
      [second.parsed.metadata!.usr_msg_id, null],
      [secondReplyId, null],
    ]);
    // The export carries the same field.
    const exported = await api(`/conversation/session/${first.session_id}/export`, { token });
    const json = await (await fetch(`${inject('baseUrl')}${exported.body.json_url}`)).json();
    expect(json.messages[1].feedback).toBe('negative');
  });

  it('gives history by date and model (admins for the organisation, members for themselves) and stats to those with model analytics', async () => {
    const administrator = await newAdministrator();
    const admin = administrator.signedUp.auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    const orgId = admin.user.org_id;
    const rate = async (token: string, userId: string, model: string, feedback: string) => {
      const metadata = await replyOf(token, orgId, userId, model);
      expect(
        (
          await api('/feedback', {
            token,
            body: { selection_id: metadata.selection_id, org_id: orgId, user_id: userId, feedback },
          })
        ).status,
      ).toBe(201);
    };
    await rate(admin.token, admin.user.id, 'openai/gpt-4o', 'positive');
    await rate(admin.token, admin.user.id, 'openai/gpt-4o', 'negative');
    await rate(member.token, member.userId, 'openai/gpt-4o-mini', 'neutral');

    const orgHistory = await api(`/feedback/history/${orgId}`, { token: admin.token });
    expect(orgHistory.body.feedback).toHaveLength(3);
    expect(
      (await api(`/feedback/history/${orgId}?userId=${member.userId}`, { token: admin.token })).body.feedback,
    ).toHaveLength(1);
    expect((await api(`/feedback/history/${orgId}`, { token: member.token })).body.feedback).toHaveLength(1);
    expect((await api(`/feedback/history/${orgId}?userId=${admin.user.id}`, { token: member.token })).status).toBe(403);

    const stats = await api(`/feedback/stats/${orgId}?period=30d`, { token: admin.token });
    expect(stats.body.by_model).toEqual([
      { model_id: 'openai/gpt-4o', positive: 1, neutral: 0, negative: 1, total: 2 },
      { model_id: 'openai/gpt-4o-mini', positive: 0, neutral: 1, negative: 0, total: 1 },
    ]);
    expect(stats.body.totals).toEqual({ positive: 1, neutral: 1, negative: 1, total: 3 });
    // The organisation's counts are model analytics' figures: a member sees none of them, not even their own.
    expect((await api(`/feedback/stats/${orgId}`, { token: member.token })).status).toBe(403);
    const modelManager = await createPerson(administrator, { name: 'Model Manager' });
    expect((await api(`/feedback/stats/${orgId}`, { token: modelManager.token })).body.totals).toEqual({
      positive: 1,
      neutral: 1,
      negative: 1,
      total: 3,
    });
    for (const name of ['User Manager', 'Billing Manager']) {
      const manager = await createPerson(administrator, { name });
      expect((await api(`/feedback/stats/${orgId}`, { token: manager.token })).status).toBe(403);
    }
    const days = [
      ...new Set(orgHistory.body.feedback.map((entry: { created_at: string }) => entry.created_at.slice(0, 10))),
    ].sort();
    expect(stats.body.by_date.map((day: { date: string }) => day.date)).toEqual(days);
    expect(stats.body.by_date.reduce((sum: number, day: { total: number }) => sum + day.total, 0)).toBe(3);
    expect((await api(`/feedback/stats/${orgId}?period=soon`, { token: admin.token })).status).toBe(400);

    const adminFeedbackId = orgHistory.body.feedback.find(
      (entry: { user_id: string }) => entry.user_id === admin.user.id,
    ).id;
    expect((await api(`/feedback/${adminFeedbackId}`, { token: member.token })).status).toBe(404);
  });

  it('narrows history, stats and export to a range of UTC days, and history to the newest few', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    for (const feedback of ['positive', 'negative', 'positive']) {
      const metadata = await replyOf(token, user.org_id, user.id);
      expect(
        (
          await api('/feedback', {
            token,
            body: { selection_id: metadata.selection_id, org_id: user.org_id, user_id: user.id, feedback },
          })
        ).status,
      ).toBe(201);
    }
    const all = (await api(`/feedback/history/${user.org_id}`, { token })).body.feedback as {
      id: string;
      created_at: string;
    }[];
    // The day the ratings were given (read back, so a run across midnight still names the right one).
    const day = all[0]!.created_at.slice(0, 10);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const stats = (query: string) => api(`/feedback/stats/${user.org_id}?${query}`, { token });

    expect((await stats(`from=${dayBefore}&to=${dayAfter}`)).body.totals).toEqual({
      positive: 2,
      neutral: 0,
      negative: 1,
      total: 3,
    });
    expect((await stats(`from=${dayBefore}&to=${dayBefore}`)).body).toEqual({
      by_date: [],
      by_model: [],
      totals: { positive: 0, neutral: 0, negative: 0, total: 0 },
    });
    expect((await stats(`from=${dayAfter}`)).body.totals.total).toBe(0);
    expect((await stats(`to=${dayBefore}`)).body.totals.total).toBe(0);
    expect((await stats(`period=30d&from=${dayBefore}&to=${day}`)).body.by_model).toEqual([
      { model_id: 'openai/gpt-4o-mini', positive: 2, neutral: 0, negative: 1, total: 3 },
    ]);
    const reversed = await stats(`from=${dayAfter}&to=${dayBefore}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must not be after the end date');
    expect((await stats('from=2026-02-30')).status).toBe(400);

    const newest = await api(`/feedback/history/${user.org_id}?from=${day}&to=${day}&limit=2`, { token });
    expect(newest.body.feedback.map((entry: { id: string }) => entry.id)).toEqual(
      all.slice(0, 2).map((entry) => entry.id),
    );
    expect((await api(`/feedback/history/${user.org_id}?to=${dayBefore}`, { token })).body.feedback).toEqual([]);
    expect((await api(`/feedback/history/${user.org_id}?limit=0`, { token })).status).toBe(400);
    expect((await api(`/feedback/history/${user.org_id}?limit=101`, { token })).status).toBe(400);

    const csv = await api(`/feedback/export/${user.org_id}`, {
      token,
      body: { format: 'csv', from: dayBefore, to: day },
    });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="feedback-${dayBefore}-${day}.csv"`);
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(4);
    const none = await api(`/feedback/export/${user.org_id}`, {
      token,
      body: { format: 'json', from: dayAfter, to: dayAfter },
    });
    expect(none.body.feedback).toEqual([]);
  });

  it('exports CSV and JSON', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const metadata = await replyOf(token, user.org_id, user.id);
    await api('/feedback', {
      token,
      body: { selection_id: metadata.selection_id, org_id: user.org_id, user_id: user.id, feedback: 'neutral' },
    });
    const csv = await api(`/feedback/export/${user.org_id}`, { token, body: { format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="feedback-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,user_id,model_id,selection_id,feedback');
    expect(lines[1]).toContain(`,${metadata.selection_id},neutral`);
    const json = await api(`/feedback/export/${user.org_id}`, { token, body: { format: 'json' } });
    expect(json.body.feedback).toHaveLength(1);
  });

  it('never crosses organisations', async () => {
    const alpha = (await signUpOrganisation()).auth;
    const beta = (await signUpOrganisation()).auth;
    const metadata = await replyOf(alpha.token, alpha.user.org_id, alpha.user.id);
    const given = await api('/feedback', {
      token: alpha.token,
      body: {
        selection_id: metadata.selection_id,
        org_id: alpha.user.org_id,
        user_id: alpha.user.id,
        feedback: 'positive',
      },
    });
    const intoAlpha = {
      selection_id: metadata.selection_id,
      org_id: beta.user.org_id,
      user_id: beta.user.id,
      feedback: 'negative',
    };
    expect((await api('/feedback', { token: beta.token, body: intoAlpha })).status).toBe(404);
    expect(
      (await api('/feedback', { token: beta.token, body: { ...intoAlpha, org_id: alpha.user.org_id } })).status,
    ).toBe(403);
    expect((await api(`/feedback/${given.body.id}`, { token: beta.token })).status).toBe(404);
    for (const path of [
      `/feedback/history/${alpha.user.org_id}`,
      `/feedback/stats/${alpha.user.org_id}`,
      `/feedback/stats/${alpha.user.org_id}?from=2026-01-01&to=2026-12-31`,
    ]) {
      expect((await api(path, { token: beta.token })).status).toBe(403);
    }
    // Beta's own figures hold nothing of alpha's.
    expect((await api(`/feedback/stats/${beta.user.org_id}`, { token: beta.token })).body.totals.total).toBe(0);
    expect((await api(`/feedback/export/${alpha.user.org_id}`, { token: beta.token, body: {} })).status).toBe(403);
  });
});
