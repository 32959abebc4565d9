import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { eventually, sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';

type Auth = Awaited<ReturnType<typeof signUpOrganisation>>['auth'];

const ask = (auth: Auth, prompt: string, options?: { abortAfterChunks?: number }) =>
  sendMessage(
    auth.token,
    { org_id: auth.user.org_id, user_id: auth.user.id, prompt, forced_model_id: 'openai/gpt-4o-mini' },
    options,
  );
const savedReply = async (auth: Auth, sessionId: string) =>
  (await api(`/conversation/session/${sessionId}`, { token: auth.token })).body.messages.at(-1);

describe("a reply's finish reason", () => {
  it('marks a reply the provider cut off at its token limit, in the metadata and on the saved reply, and does not cache it', async () => {
    const { auth } = await signUpOrganisation();
    const script = await scriptProvider(
      { text: 'Foxes are small omnivores that', finishReason: 'length' },
      { text: 'Foxes are small omnivores.' },
    );
    const prompt = `Tell me about foxes ${script.marker}`;

    const cut = await ask(auth, prompt);
    expect(cut.status).toBe(200);
    expect(cut.parsed.text).toBe('Foxes are small omnivores that');
    expect(cut.parsed.metadata).toMatchObject({ finish_reason: 'length' });
    const saved = await savedReply(auth, cut.parsed.metadata!.session_id);
    expect(saved).toMatchObject({
      id: cut.parsed.metadata!.assistant_msg_id,
      status: 'complete',
      finish_reason: 'length',
    });

    // Asked again, the model answers: a cut-off reply is not handed out from the cache.
    const again = await ask(auth, prompt);
    expect(again.parsed.metadata!.route!.cached).toBe(false);
    expect(again.parsed.text).toBe('Foxes are small omnivores.');
    expect(again.parsed.metadata).toMatchObject({ finish_reason: 'stop' });
    expect(await savedReply(auth, again.parsed.metadata!.session_id)).toMatchObject({ finish_reason: 'stop' });
    expect(await script.requests()).toHaveLength(2);
  });

  it('cuts a reply at the most tokens the organisation lets one request ask for, and says so', async () => {
    const { auth } = await signUpOrganisation();
    expect(
      (
        await api(`/org/${auth.user.org_id}/settings`, {
          method: 'PUT',
          token: auth.token,
          body: { max_tokens_per_request: 25 },
        })
      ).status,
    ).toBe(200);
    // The fake provider stops at max_tokens (one token a word here), as a real one does.
    const words = Array.from({ length: 40 }, (_, index) => `word${index + 1}`);
    const script = await scriptProvider({ text: words.join(' ') });
    const answer = await ask(auth, `Count ${script.marker}`);
    expect(answer.parsed.text).toBe(words.slice(0, 25).join(' '));
    expect(answer.parsed.metadata).toMatchObject({ finish_reason: 'length' });
    const [request] = await script.requests();
    const body = request!.body as { max_tokens?: number; max_completion_tokens?: number };
    expect(body.max_tokens ?? body.max_completion_tokens).toBe(25);
  });

  it('records a reply the user stopped as aborted, not as cut off', async () => {
    const { auth } = await signUpOrganisation();
    const script = await scriptProvider({ text: 'a b c d e f g h i j k l m n o p q r s t', chunkDelayMs: 50 });
    const stopped = await ask(auth, `Stop me ${script.marker}`, { abortAfterChunks: 2 });
    expect(stopped.status).toBe(200);
    const list = await api(`/conversation/session/list/${auth.user.org_id}/${auth.user.id}`, { token: auth.token });
    const reply = await eventually(
      () => savedReply(auth, list.body.sessions[0].id),
      (found) => found?.role === 'assistant' && found.status !== 'streaming',
    );
    expect(reply).toMatchObject({ status: 'partial', finish_reason: 'aborted' });
  });
});
