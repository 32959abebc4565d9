import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness, type signUpOrganisation } from './support/client';
import { sendMessage, streamChat } from './support/chat';
import { activeMember, roleIdByName } from './support/invite';

// docs/decisions/028, 033: each organisation's feedback moves its router threshold for each kind of prompt, within ±0.15.
const policyPath = (orgId: string) => `/org/${orgId}/routing-policy`;
const calibrationPath = (orgId: string) => `${policyPath(orgId)}/calibration`;
// A question scored ~0.12 with the committed router: tier 1 at the default target, tier 2 once the threshold is 0.15 lower.
const borderline = 'Explain why the sky is blue.';
const countries = ['France', 'Peru', 'Japan', 'Kenya', 'Canada', 'Norway', 'Egypt', 'Chile', 'India', 'Spain', 'Ghana'];

type Admin = Awaited<ReturnType<typeof signUpOrganisation>>['auth'];

const ask = async (admin: Admin, prompt: string) => {
  const answer = await sendMessage(admin.token, { org_id: admin.user.org_id, user_id: admin.user.id, prompt });
  expect(answer.status).toBe(200);
  return answer.parsed.metadata!;
};
const rate = (admin: Admin, selectionId: string, feedback: string) =>
  api('/feedback', {
    token: admin.token,
    body: { selection_id: selectionId, org_id: admin.user.org_id, user_id: admin.user.id, feedback },
  });
interface Moved {
  offset: number;
  signals: number;
  updated_at: string | null;
}
const calibrationsOf = async (admin: Admin) => {
  const answer = await api(policyPath(admin.user.org_id), { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.calibration as { kinds: (Moved & { kind: string })[]; cache: Moved & { threshold: number } };
};
/** The router's calibration for one kind of prompt. */
const calibrationOf = async (admin: Admin, kind = 'question'): Promise<Moved> => {
  const { kind: _kind, ...moved } = (await calibrationsOf(admin)).kinds.find((entry) => entry.kind === kind)!;
  return moved;
};
const unmoved = { offset: 0, signals: 0, updated_at: null };

describe("the router's calibration from an organisation's feedback", () => {
  it('negative ratings of cheap replies to questions lower the threshold for questions only, the next decision says so, and other organisations are untouched', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const other = (await signUpOnBusiness()).auth;
    const fresh = await calibrationsOf(admin);
    expect(fresh.kinds.map((entry) => entry.kind)).toEqual(['code', 'maths', 'writing', 'question', 'conversation']);
    for (const entry of fresh.kinds) expect(entry).toMatchObject(unmoved);

    const before = await ask(admin, borderline);
    expect(before.route!.reason_text).toMatch(/below \d\.\d\d: tier 1 is enough$/);

    for (const [index, country] of countries.entries()) {
      const cheap = await ask(admin, `What is the capital of ${country}?`);
      expect(cheap.route!.reason_text).toContain('tier 1 is enough');
      expect((await rate(admin, cheap.selection_id, 'negative')).status).toBe(201);
      if (index === 0) expect((await calibrationOf(admin)).offset).toBeCloseTo(-0.015, 6);
    }
    // Eleven steps of 0.015 would be 0.165: held at the bound.
    const lowered = await calibrationOf(admin);
    expect(lowered).toMatchObject({ offset: -0.15, signals: 11 });
    expect(Date.parse(lowered.updated_at!)).not.toBeNaN();
    // Only questions moved.
    for (const entry of (await calibrationsOf(admin)).kinds.filter((entry) => entry.kind !== 'question'))
      expect(entry, entry.kind).toMatchObject(unmoved);

    const after = await ask(admin, borderline);
    expect(after.route!.reason_text).toMatch(
      /tier 2 is enough \(threshold \d\.\d\d for questions, adjusted \u22120\.15 by your organization's feedback on them: 11 ratings, regenerations and edits\)$/,
    );
    // Another kind of prompt faces the measured threshold still.
    const writing = await ask(admin, 'Write a haiku about rain.');
    expect(writing.route!.reason_text).not.toContain('adjusted');

    const elsewhere = await ask(other, borderline);
    expect(elsewhere.route!.reason_text).toMatch(/below \d\.\d\d: tier 1 is enough$/);
    expect(await calibrationOf(other)).toEqual(unmoved);
  });

  it('a positive rating of a cheap reply raises it slightly, neutral ratings and strong replies do nothing, and a reply counts once', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const liked = await ask(admin, 'Say hello to my team.');
    expect((await rate(admin, liked.selection_id, 'positive')).status).toBe(201);
    expect(await calibrationOf(admin, 'conversation')).toMatchObject({ offset: 0.005, signals: 1 });
    // Rated again: refused, and not counted twice.
    expect((await rate(admin, liked.selection_id, 'negative')).status).toBe(409);
    expect(await calibrationOf(admin, 'conversation')).toMatchObject({ offset: 0.005, signals: 1 });

    const shrugged = await ask(admin, 'Say goodbye to my team.');
    expect((await rate(admin, shrugged.selection_id, 'neutral')).status).toBe(201);
    const forced = await sendMessage(admin.token, {
      org_id: admin.user.org_id,
      user_id: admin.user.id,
      prompt: 'Chosen by me',
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect((await rate(admin, forced.parsed.metadata!.selection_id, 'negative')).status).toBe(201);
    expect(await calibrationOf(admin, 'conversation')).toMatchObject({ offset: 0.005, signals: 1 });
  });

  it('a regeneration with a stronger model counts as a bad cheap reply, once, whatever rating follows', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const cheap = await ask(admin, 'Tell me about foxes');
    expect(cheap.route!.reason_text).toContain('tier 1 is enough');
    const regenerated = await streamChat('/conversation/regenerate', admin.token, {
      session_id: cheap.session_id,
      message_id: cheap.assistant_msg_id,
      forced_model_id: 'anthropic/claude-opus-4',
    });
    expect(regenerated.status).toBe(200);
    expect(await calibrationOf(admin)).toMatchObject({ offset: -0.015, signals: 1 });
    // The replaced answer rated afterwards: the same reply, already counted.
    expect((await rate(admin, cheap.selection_id, 'negative')).status).toBe(201);
    expect(await calibrationOf(admin)).toMatchObject({ offset: -0.015, signals: 1 });
    // Asked again of a model of the same tier: no signal.
    const second = await ask(admin, 'Tell me about otters');
    const sameTier = await streamChat('/conversation/regenerate', admin.token, {
      session_id: second.session_id,
      message_id: second.assistant_msg_id,
      forced_model_id: second.primary_model,
    });
    expect(sameTier.status).toBe(200);
    expect(await calibrationOf(admin)).toMatchObject({ offset: -0.015, signals: 1 });
  });

  it('a prompt rewritten and asked again after a cheap reply counts as a bad cheap reply', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const cheap = await ask(admin, 'Tell me about hedgehogs');
    expect(cheap.route!.reason_text).toContain('tier 1 is enough');
    const edited = await streamChat('/conversation/regenerate', admin.token, {
      session_id: cheap.session_id,
      message_id: cheap.usr_msg_id,
      forced_model_id: null,
      content: 'Tell me about hedgehogs in winter',
    });
    expect(edited.status).toBe(200);
    expect(await calibrationOf(admin)).toMatchObject({ offset: -0.015, signals: 1 });
  });

  it('is reset by an administrator of the organisation only, and the reset is audited', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const cheap = await ask(admin, 'Tell me about badgers');
    expect((await rate(admin, cheap.selection_id, 'negative')).status).toBe(201);
    expect((await calibrationOf(admin)).offset).toBeCloseTo(-0.015, 6);

    const member = await activeMember(admin.token, admin.user.org_id);
    expect((await api(calibrationPath(admin.user.org_id), { method: 'DELETE', token: member.token })).status).toBe(403);
    const manager = await activeMember(admin.token, admin.user.org_id);
    const managerRole = await roleIdByName(admin.token, admin.user.org_id, 'Model Manager');
    expect(
      (
        await api('/roles/assign', {
          token: admin.token,
          body: { user_id: manager.userId, role_id: managerRole, org_id: admin.user.org_id },
        })
      ).status,
    ).toBe(200);
    // A model manager reads the policy with its calibration, but only administrators reset it.
    const seen = (await api(policyPath(admin.user.org_id), { token: manager.token })).body.calibration;
    expect(seen.kinds.find((entry: { kind: string }) => entry.kind === 'question').signals).toBe(1);
    expect((await api(calibrationPath(admin.user.org_id), { method: 'DELETE', token: manager.token })).status).toBe(
      403,
    );
    const stranger = (await signUpOnBusiness()).auth;
    expect((await api(calibrationPath(admin.user.org_id), { method: 'DELETE', token: stranger.token })).status).toBe(
      403,
    );
    expect((await calibrationOf(admin)).offset).toBeCloseTo(-0.015, 6);

    const reset = await api(calibrationPath(admin.user.org_id), { method: 'DELETE', token: admin.token });
    expect(reset.status).toBe(200);
    for (const entry of reset.body.calibration.kinds) expect(entry).toMatchObject(unmoved);
    expect(await calibrationOf(admin)).toEqual(unmoved);
    expect((await ask(admin, 'Tell me about hedgehogs')).route!.reason_text).not.toContain('adjusted');

    expect(
      (
        await api(`/org/${admin.user.org_id}/settings`, {
          method: 'PUT',
          token: admin.token,
          body: { enable_audit: true },
        })
      ).status,
    ).toBe(200);
    const audit = await api(`/org/${admin.user.org_id}/audit`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(
      audit.body.entries.find((entry: { action: string }) => entry.action === 'routing.calibration_reset'),
    ).toMatchObject({
      target_type: 'routing',
      target_id: admin.user.org_id,
      before: { offsets: { question: -0.015, code: 0, cache: 0 }, signals: 1 },
      after: { offsets: { question: 0, cache: 0 }, signals: 0 },
    });
  });
});
