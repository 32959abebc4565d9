import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';

/**
 * Odd input is refused at the edge with a 400 naming the field, before any service, query or model
 * call runs (issue 10, findings 1, 3 and 4): these calls used to answer 500 or the wrong message.
 */
async function userWithSession() {
  const { user, token } = (await signUpOrganisation()).auth;
  const sent = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'A first question' });
  const metadata = sent.parsed.metadata!;
  return { user, token, sessionId: metadata.session_id, userMessageId: metadata.usr_msg_id };
}

const session = (token: string, id: string) => api(`/conversation/session/${id}`, { token });

describe('a NUL character', () => {
  it('is refused in a chat message before the model is asked, and nothing is saved', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'Never sent' });
    const prompt = `Hello\u0000 there ${script.marker}`;
    const answers = [
      await api('/conversation/message', {
        token,
        body: { org_id: user.org_id, user_id: user.id, prompt, stream: true },
      }),
      await api('/conversation/message', {
        token,
        body: { org_id: user.org_id, user_id: user.id, prompt, stream: false },
      }),
      await api('/conversation/start', { token, body: { org_id: user.org_id, user_id: user.id, prompt } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: 'Prompt cannot contain NUL characters.',
        fields: { prompt: 'Prompt cannot contain NUL characters.' },
      });
    }
    expect(await script.requests()).toEqual([]);
    expect((await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token })).body.sessions).toEqual([]);
  });

  it('is refused in a session title, a message edit, preferences and a system message, changing nothing', async () => {
    const { user, token, sessionId, userMessageId } = await userWithSession();
    const before = (await session(token, sessionId)).body;

    const title = await api(`/conversation/session/${sessionId}/title`, {
      token,
      method: 'PUT',
      body: { title: 'Mine\u0000' },
    });
    expect(title.status).toBe(400);
    expect(title.body.message).toBe('Title cannot contain line breaks or other control characters.');

    const edit = await api(`/conversation/message/${userMessageId}`, {
      token,
      method: 'PUT',
      body: { content: 'Changed\u0000' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('Content cannot contain NUL characters.');
    expect((await session(token, sessionId)).body).toEqual(before);

    const preferences = await api(`/preferences/user/${user.id}`, {
      token,
      method: 'PUT',
      body: { theme: 'dark', default_model: 'openai/gpt-4o\u0000' },
    });
    expect(preferences.status).toBe(400);
    expect(preferences.body.fields).toEqual({
      default_model: 'Default model cannot contain line breaks or other control characters.',
    });
    expect((await api(`/preferences/user/${user.id}`, { token })).body.theme).toBe('system');

    const notice = await api('/system/messages', { token, body: { content: 'Maintenance\u0000 tonight' } });
    expect(notice.status).toBe(400);
    expect(notice.body.message).toBe('Content cannot contain control characters other than tabs and line breaks.');
    expect((await api(`/system/messages/${user.id}`, { token })).body.messages).toEqual([]);
  });
});

describe('titles', () => {
  it('are one line: CR, LF and other control characters are refused, and a long one is called long', async () => {
    const { token, sessionId } = await userWithSession();
    for (const title of ['Two\r\nlines', 'Line\nfeed', 'Bell\u0007', 'Tab\there', 'Escape\u001b[31m']) {
      const answer = await api(`/conversation/session/${sessionId}/title`, { token, method: 'PUT', body: { title } });
      expect(answer.status, JSON.stringify(title)).toBe(400);
      expect(answer.body.message).toBe('Title cannot contain line breaks or other control characters.');
    }
    const long = await api(`/conversation/session/${sessionId}/title`, {
      token,
      method: 'PUT',
      body: { title: 't'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Title must be at most 200 characters.');
    expect((await session(token, sessionId)).body.title).toBe('A first question...');
  });

  it('made from a prompt with line breaks are one line too', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const sent = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'First line\r\nsecond\tline\nthird',
    });
    expect((await session(token, sent.parsed.metadata!.session_id)).body.title).toBe('First line second line third...');
  });

  it('keep lone surrogates out: they are refused, not stored as U+FFFD', async () => {
    const { token, sessionId } = await userWithSession();
    // Raw JSON, so the lone surrogate arrives as the escape a client would send.
    const answer = await api(`/conversation/session/${sessionId}/title`, {
      token,
      method: 'PUT',
      rawBody: '{"title":"Half a pair \\ud83d"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Title is not valid Unicode (it has an unpaired surrogate).');
    expect((await session(token, sessionId)).body.title).toBe('A first question...');
  });
});

describe('ids and odd path segments', () => {
  it('answers a malformed id in a path, query or body with a 400 naming the field', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const history = await api(`/feedback/history/${user.org_id}?userId=x`, { token });
    expect(history.status).toBe(400);
    expect(history.body).toMatchObject({
      message: 'User ID must be a UUID.',
      fields: { userId: 'User ID must be a UUID.' },
    });

    const exported = await api(`/feedback/export/${user.org_id}`, { token, body: { user_id: 'x' } });
    expect(exported.status).toBe(400);
    expect(exported.body.message).toBe('User ID must be a UUID.');

    const sessionPath = await api('/conversation/session/not-a-uuid', { token });
    expect(sessionPath.status).toBe(400);
    expect(sessionPath.body.message).toBe('Session ID must be a UUID.');
  });

  it('takes a percent sign as a model id, and refuses malformed percent-encoding with a 400', async () => {
    const { token } = (await signUpOrganisation()).auth;
    const percent = await api('/tokens/estimate/%25?tokenCount=1', { token });
    expect(percent.status).toBe(404);
    expect(percent.body.message).toBe('Model not found');
    for (const path of [
      '/tokens/estimate/%?tokenCount=1',
      '/tokens/estimate/%E0%A4%A?tokenCount=1',
      '/conversation/session/%zz',
    ]) {
      const malformed = await api(path, { token });
      expect(malformed.status, path).toBe(400);
      expect(malformed.body.message).toBe('The request path has malformed percent-encoding.');
    }
  });
});

describe('PUT /user/profile with an e-mail address', () => {
  it('refuses a new address with a clear message and changes nothing; the current one is accepted', async () => {
    const { auth, email } = await signUpOrganisation();
    const changed = await api('/user/profile', {
      method: 'PUT',
      token: auth.token,
      body: { username: auth.user.username, first_name: 'Ada', email: 'someone-else@example.test' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({
      message: 'Your email address cannot be changed here: it is your sign-in and recovery address.',
      fields: { email: 'Your email address cannot be changed here: it is your sign-in and recovery address.' },
    });
    const profile = (await api('/user/profile', { token: auth.token })).body.user;
    expect(profile).toMatchObject({ email, first_name: null });

    const same = await api('/user/profile', {
      method: 'PUT',
      token: auth.token,
      body: { username: auth.user.username, first_name: 'Ada', email: email.toUpperCase() },
    });
    expect(same.status).toBe(200);
    expect(same.body.user).toMatchObject({ email, first_name: 'Ada' });
  });
});

// Found by the route fuzzer (tests/api/fuzz-routes.test.ts).
describe('found by fuzzing', () => {
  it('refuses a routing-savings day that does not exist with a 400', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    for (const query of ['to=0000-00-00', 'from=2026-02-30', 'to=2026-13-01']) {
      const answer = await api(`/org/${user.org_id}/routing-savings?${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toBe('Dates must be real days between 1970-01-01 and 2999-12-31');
    }
  });

  it('refuses an API key that is not printable ASCII (its hint once cut an emoji in half: a 500)', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    for (const key of ['!    \u{10000} \u{10000}', 'sk-with spaces-1', 'sk-ключ-12345']) {
      const answer = await api(`/org/${user.org_id}/provider-keys/openai`, {
        token,
        method: 'PUT',
        body: { api_key: key },
      });
      expect(answer.status, key).toBe(400);
      expect(answer.body.message).toBe('API key may contain only printable ASCII characters, without spaces');
    }
    expect((await api(`/org/${user.org_id}/provider-keys`, { token })).body.keys).toEqual([]);
  });
});
