import { describe, expect, it } from 'vitest';
import { sessionTitleFromPrompt } from '../../src/contracts';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';

const model = 'openai/gpt-4o-mini';

async function titleOf(token: string, orgId: string, userId: string, sessionId: string) {
  const listed = await api(`/conversation/session/list/${orgId}/${userId}`, { token });
  expect(listed.status).toBe(200);
  return (listed.body.sessions as { id: string; title: string }[]).find((session) => session.id === sessionId)?.title;
}

/** Issue 21 item 15 (its title part): a title made from the first message follows that message's edit. */
describe('the title of a conversation whose first message is edited', () => {
  it('follows the edit when it was made from that message, and stays when the user renamed it', async () => {
    const admin = await signUpOrganisation();
    const { user, token } = admin.auth;
    const first = await scriptProvider({ text: 'Blue.' });
    const prompt = `Name a colour for the kitchen walls ${first.marker}`;
    const sent = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt, forced_model_id: model });
    expect(sent.status).toBe(200);
    const { session_id, usr_msg_id } = sent.parsed.metadata!;
    expect(await titleOf(token, user.org_id, user.id, session_id)).toBe(sessionTitleFromPrompt(prompt));

    const again = await scriptProvider({ text: 'Oak.' });
    const edited = `Suggest a wood for the garden bench ${again.marker}`;
    const edit = await api('/conversation/regenerate', {
      token,
      body: { message_id: usr_msg_id, session_id, content: edited, forced_model_id: model, stream: false },
    });
    expect(edit.status).toBe(200);
    expect(await titleOf(token, user.org_id, user.id, session_id)).toBe(sessionTitleFromPrompt(edited));

    // A title the user chose is theirs: an edit leaves it.
    const renamed = await api(`/conversation/session/${session_id}/title`, {
      token,
      method: 'PUT',
      body: { title: 'Home projects' },
    });
    expect(renamed.status).toBe(200);
    const third = await scriptProvider({ text: 'Teak.' });
    const edit2 = await api('/conversation/regenerate', {
      token,
      body: {
        message_id: usr_msg_id,
        session_id,
        content: `Pick a hardwood ${third.marker}`,
        forced_model_id: model,
        stream: false,
      },
    });
    expect(edit2.status).toBe(200);
    expect(await titleOf(token, user.org_id, user.id, session_id)).toBe('Home projects');
  });
});
