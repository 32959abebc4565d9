import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness, type signUpOrganisation } from './support/client';
import { sendMessage, streamChat } from './support/chat';
import { scriptProvider } from './support/fake-provider';
import { activeMember } from './support/invite';

// docs/decisions/033: feedback on replies from the cache raises the organisation's cache threshold, at most +0.10, never below the policy's.
type Admin = Awaited<ReturnType<typeof signUpOrganisation>>['auth'];

const policyPath = (orgId: string) => `/org/${orgId}/routing-policy`;
// One chosen model, so a question and its paraphrase share a scope whatever the router would pick.
const chosen = { forced_model_id: 'openai/gpt-4o-mini' };

const ask = async (admin: Admin, prompt: string) => {
  const answer = await sendMessage(admin.token, {
    org_id: admin.user.org_id,
    user_id: admin.user.id,
    prompt,
    ...chosen,
  });
  expect(answer.status).toBe(200);
  return { text: answer.parsed.text, ...answer.parsed.metadata! };
};
const rate = (admin: Admin, selectionId: string, feedback: string) =>
  api('/feedback', {
    token: admin.token,
    body: { selection_id: selectionId, org_id: admin.user.org_id, user_id: admin.user.id, feedback },
  });
const cacheCalibrationOf = async (admin: Admin) => {
  const answer = await api(policyPath(admin.user.org_id), { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.calibration.cache as {
    offset: number;
    threshold: number;
    signals: number;
    updated_at: string | null;
  };
};
const setCacheThreshold = async (admin: Admin, threshold: number) =>
  expect(
    (await api(policyPath(admin.user.org_id), { method: 'PUT', token: admin.token, body: { cache: { threshold } } }))
      .status,
  ).toBe(200);
const similarityOf = (reasonText: string) => Number(/similarity (\d\.\d\d)/.exec(reasonText)![1]);

/** A question answered by a model, then its paraphrase from the cache: the hit and its similarity (to 2 decimals). */
async function paraphraseHit(admin: Admin, marker: string) {
  await ask(admin, `Write a short poem about cats ${marker}`);
  const hit = await ask(admin, `Please write a short poem about cats ${marker}`);
  expect(hit.route).toMatchObject({ reason: 'cache_hit' });
  return { hit, similarity: similarityOf(hit.route!.reason_text) };
}

describe("the cache's calibration from an organisation's feedback", () => {
  it('a negative rating of a cache hit raises the threshold, so a pair just above the policy threshold is no longer answered; the reason of a later hit says so', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const control = (await signUpOnBusiness()).auth;
    const script = await scriptProvider(...Array.from({ length: 8 }, (_, index) => ({ text: `Answer ${index + 1}` })));
    const { hit, similarity } = await paraphraseHit(admin, script.marker);
    const policyThreshold = Math.round((similarity - 0.01) * 100) / 100;
    await setCacheThreshold(admin, policyThreshold);
    expect(await cacheCalibrationOf(admin)).toEqual({
      offset: 0,
      threshold: policyThreshold,
      signals: 0,
      updated_at: null,
    });

    expect((await rate(admin, hit.selection_id, 'negative')).status).toBe(201);
    const raised = await cacheCalibrationOf(admin);
    expect(raised).toMatchObject({ offset: 0.02, signals: 1 });
    expect(raised.threshold).toBeCloseTo(policyThreshold + 0.02, 6);
    // The router's calibration is not touched by a cache hit.
    const kinds = (await api(policyPath(admin.user.org_id), { token: admin.token })).body.calibration.kinds as {
      signals: number;
    }[];
    expect(kinds.every((entry) => entry.signals === 0)).toBe(true);

    // The same pair again (the rated entry was forgotten, so the question is asked anew): now below the raised threshold.
    await ask(admin, `Write a short poem about cats ${script.marker}`);
    const again = await ask(admin, `Please write a short poem about cats ${script.marker}`);
    expect(again.route!.reason).not.toBe('cache_hit');
    expect(again.text).toMatch(/^Answer \d$/);

    // Another organisation with the same policy threshold is answered from its cache as before.
    await setCacheThreshold(control, policyThreshold);
    const controlled = await paraphraseHit(control, script.marker);
    expect(controlled.hit.route!.reason_text).not.toContain('raised');
    expect((await cacheCalibrationOf(control)).offset).toBe(0);

    // The offset rides on the policy's threshold: with a lax policy, another paraphrase is a hit and its reason names the raise.
    await setCacheThreshold(admin, 0.6);
    await ask(admin, `Write a short poem about dogs ${script.marker}`);
    const explained = await ask(admin, `Please write a short poem about dogs ${script.marker}`);
    expect(explained.route!.reason).toBe('cache_hit');
    expect(explained.route!.reason_text).toBe(
      `Answered from the cache: a question with similarity ${similarityOf(explained.route!.reason_text).toFixed(2)} was asked before (threshold 0.60, raised +0.02 by your organization's feedback on cached replies: 1 rating, regeneration or edit)`,
    );
  });

  it('a positive rating never takes it below the policy threshold; a regeneration of a cache hit raises it once; an exact repeat rated bad says nothing', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const script = await scriptProvider(...Array.from({ length: 8 }, (_, index) => ({ text: `Answer ${index + 1}` })));
    const policyThreshold = (await api(policyPath(admin.user.org_id), { token: admin.token })).body.effective
      .cache_threshold as number;
    const liked = (await paraphraseHit(admin, script.marker)).hit;
    expect((await rate(admin, liked.selection_id, 'positive')).status).toBe(201);
    expect(await cacheCalibrationOf(admin)).toMatchObject({ offset: 0, threshold: policyThreshold, signals: 1 });

    await ask(admin, `Write a short poem about dogs ${script.marker}`);
    const hit = await ask(admin, `Please write a short poem about dogs ${script.marker}`);
    expect(hit.route!.reason).toBe('cache_hit');
    const regenerated = await streamChat('/conversation/regenerate', admin.token, {
      session_id: hit.session_id,
      message_id: hit.assistant_msg_id,
      ...chosen,
    });
    expect(regenerated.status).toBe(200);
    expect(await cacheCalibrationOf(admin)).toMatchObject({ offset: 0.02, signals: 2 });
    // The replaced answer rated afterwards: the same reply, already counted.
    expect((await rate(admin, hit.selection_id, 'negative')).status).toBe(201);
    expect(await cacheCalibrationOf(admin)).toMatchObject({ offset: 0.02, signals: 2 });

    // An exact repeat: the threshold did not let it through, so it says nothing about it.
    const question = `What is the boiling point of water at sea level? ${script.marker}`;
    await ask(admin, question);
    const repeat = await ask(admin, question);
    expect(repeat.route!.reason_text).toBe('Answered from the cache: the same question was asked before');
    expect((await rate(admin, repeat.selection_id, 'negative')).status).toBe(201);
    const after = await cacheCalibrationOf(admin);
    expect(after).toMatchObject({ offset: 0.02, signals: 2 });
    expect(after.threshold).toBeCloseTo(policyThreshold + 0.02, 6);
  });

  it('is reset with the router calibration by an administrator of the organisation only', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const script = await scriptProvider(...Array.from({ length: 4 }, (_, index) => ({ text: `Answer ${index + 1}` })));
    const { hit } = await paraphraseHit(admin, script.marker);
    expect((await rate(admin, hit.selection_id, 'negative')).status).toBe(201);
    const cheap = await sendMessage(admin.token, {
      org_id: admin.user.org_id,
      user_id: admin.user.id,
      prompt: 'Tell me about badgers',
    });
    expect(cheap.parsed.metadata!.route!.reason_text).toContain('tier 1 is enough');
    expect((await rate(admin, cheap.parsed.metadata!.selection_id, 'negative')).status).toBe(201);

    const member = await activeMember(admin.token, admin.user.org_id);
    const stranger = (await signUpOnBusiness()).auth;
    for (const token of [member.token, stranger.token]) {
      expect((await api(`${policyPath(admin.user.org_id)}/calibration`, { method: 'DELETE', token })).status).toBe(403);
      expect([403, 404]).toContain((await api(policyPath(admin.user.org_id), { token })).status);
    }
    expect((await cacheCalibrationOf(admin)).offset).toBeCloseTo(0.02, 6);

    const reset = await api(`${policyPath(admin.user.org_id)}/calibration`, { method: 'DELETE', token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body.calibration.cache).toMatchObject({
      offset: 0,
      signals: 0,
      updated_at: null,
      threshold: reset.body.effective.cache_threshold,
    });
    expect(
      reset.body.calibration.kinds.every(
        (entry: { offset: number; signals: number }) => entry.offset === 0 && entry.signals === 0,
      ),
    ).toBe(true);
    // The rated hit counted before the reset: rating it again is refused, and it cannot count again.
    expect((await rate(admin, hit.selection_id, 'negative')).status).toBe(409);
    expect((await cacheCalibrationOf(admin)).offset).toBe(0);
  });
});
