import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';

type Auth = Awaited<ReturnType<typeof signUpOrganisation>>['auth'];

const ask = (auth: Auth, prompt: string, extra: Record<string, unknown> = {}) =>
  sendMessage(auth.token, { org_id: auth.user.org_id, user_id: auth.user.id, prompt, ...extra });

/** A script whose answers tell the first model call from later ones, so a cached answer is recognisable. */
const numberedAnswers = () =>
  scriptProvider(
    { text: 'First answer from a model', usage: { inputTokens: 400, outputTokens: 200 } },
    { text: 'Second answer from a model' },
    { text: 'Third answer from a model' },
  );

describe('the semantic cache', () => {
  it('answers a repeated question from the cache, free, in the same stream format, and counts it as saved', async () => {
    const { auth } = await signUpOrganisation();
    const script = await numberedAnswers();
    const first = await ask(auth, `How do I bake sourdough bread at home? ${script.marker}`);
    expect(first.parsed.text).toBe('First answer from a model');
    const original = first.parsed.metadata!.route!;

    const again = await ask(auth, `How do I bake sourdough bread at home? ${script.marker}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(again.parsed.text).toBe('First answer from a model');
    const metadata = again.parsed.metadata!;
    expect(metadata.tokens_used).toBe(0);
    expect(metadata.route).toMatchObject({ reason: 'cache_hit', cached: true, cost_usd: 0 });
    expect(metadata.route!.reference_cost_usd).toBeCloseTo(original.reference_cost_usd, 10);
    expect(await script.requests()).toHaveLength(1);

    const savings = await api(`/org/${auth.user.org_id}/routing-savings`, { token: auth.token });
    expect(savings.body.totals).toMatchObject({ requests: 2, cache_hits: 1 });
    expect(savings.body.totals.potential_cost).toBeCloseTo(2 * original.reference_cost_usd, 10);
  });

  it('answers a paraphrase, but not a near miss that the encoder scores high', async () => {
    const { auth } = await signUpOrganisation();
    const script = await numberedAnswers();
    // One chosen model, so all three share a scope: automatic routing could put the two wordings
    // (with the script's random marker) on either side of a tier boundary, a miss for another reason.
    const chosen = { forced_model_id: 'openai/gpt-4o-mini' };
    await ask(auth, `Write a short poem about cats ${script.marker}`, chosen);
    const nearMiss = await ask(auth, `Write a short poem about dogs ${script.marker}`, chosen);
    expect(nearMiss.parsed.metadata!.route!.cached).toBe(false);
    expect(nearMiss.parsed.text).toBe('Second answer from a model');
    const paraphrase = await ask(auth, `Please write a short poem about cats ${script.marker}`, chosen);
    expect(paraphrase.parsed.metadata!.route).toMatchObject({ reason: 'cache_hit' });
    expect(paraphrase.parsed.text).toBe('First answer from a model');
    expect(paraphrase.parsed.metadata!.route!.reason_text).toMatch(/similarity 0\.\d\d/);
  });

  it('never serves one organisation the replies of another', async () => {
    const first = (await signUpOrganisation()).auth;
    const second = (await signUpOrganisation()).auth;
    const script = await numberedAnswers();
    await ask(first, `What is the capital of Australia? ${script.marker}`);
    const other = await ask(second, `What is the capital of Australia? ${script.marker}`);
    expect(other.parsed.metadata!.route!.cached).toBe(false);
    expect(other.parsed.text).toBe('Second answer from a model');
  });

  it('does not cache questions about the present or about the user', async () => {
    const { auth } = await signUpOrganisation();
    const script = await numberedAnswers();
    for (const prompt of ['What is the latest news today?', 'What did I ask you yesterday about my account?']) {
      await ask(auth, `${prompt} ${script.marker}`);
      const again = await ask(auth, `${prompt} ${script.marker}`);
      expect(again.parsed.metadata!.route!.cached, prompt).toBe(false);
    }
  });

  it('matches a follow-up only within the same conversation context', async () => {
    const { auth } = await signUpOrganisation();
    const script = await scriptProvider(
      { text: 'Answer one' },
      { text: 'Answer two' },
      { text: 'Answer three' },
      { text: 'Answer four' },
    );
    const opening = await ask(auth, `Tell me about Mars ${script.marker}`);
    await ask(auth, 'And how far away is it?', { session_id: opening.parsed.metadata!.session_id });
    const elsewhere = await ask(auth, `Tell me about Venus ${script.marker}`);
    const followUp = await ask(auth, 'And how far away is it?', { session_id: elsewhere.parsed.metadata!.session_id });
    expect(followUp.parsed.metadata!.route!.cached).toBe(false);
  });

  it('forgets an entry when its cached reply is rated negative, and when its session is deleted', async () => {
    const { auth } = await signUpOrganisation();
    const script = await numberedAnswers();
    const prompt = `Explain how photosynthesis works ${script.marker}`;
    const first = await ask(auth, prompt);
    const hit = await ask(auth, prompt);
    expect(hit.parsed.metadata!.route!.cached).toBe(true);
    const rated = await api('/feedback', {
      token: auth.token,
      body: {
        selection_id: hit.parsed.metadata!.selection_id,
        org_id: auth.user.org_id,
        user_id: auth.user.id,
        feedback: 'negative',
      },
    });
    expect(rated.status).toBe(201);
    const afterRating = await ask(auth, prompt);
    expect(afterRating.parsed.metadata!.route!.cached).toBe(false);
    expect(afterRating.parsed.text).toBe('Second answer from a model');

    // The second model answer is now the cached one; deleting its session deletes it.
    expect(
      (
        await api(`/conversation/session/${afterRating.parsed.metadata!.session_id}`, {
          method: 'DELETE',
          token: auth.token,
        })
      ).status,
    ).toBe(200);
    const afterDelete = await ask(auth, prompt);
    expect(afterDelete.parsed.metadata!.route!.cached).toBe(false);
    expect(afterDelete.parsed.text).toBe('Third answer from a model');
    expect(first.parsed.metadata!.session_id).not.toBe(afterDelete.parsed.metadata!.session_id);
  });

  it('keeps automatic and chosen-model replies apart, and is off when the policy says so', async () => {
    const { auth } = await signUpOnBusiness();
    const script = await numberedAnswers();
    const prompt = `Summarise the plot of Hamlet ${script.marker}`;
    await ask(auth, prompt, { forced_model_id: 'openai/gpt-4o-mini' });
    expect((await ask(auth, prompt)).parsed.metadata!.route!.cached).toBe(false);
    const sameModel = await ask(auth, prompt, { forced_model_id: 'openai/gpt-4o-mini' });
    expect(sameModel.parsed.metadata!.route).toMatchObject({ cached: true, mode: 'forced' });

    await api(`/org/${auth.user.org_id}/routing-policy`, {
      method: 'PUT',
      token: auth.token,
      body: { cache: { enabled: false } },
    });
    expect((await ask(auth, prompt)).parsed.metadata!.route!.cached).toBe(false);
  });
});
