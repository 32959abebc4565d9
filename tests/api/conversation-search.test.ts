import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';

interface SearchResult {
  session_id: string;
  session_title: string;
  message_id: string | null;
  role: 'user' | 'assistant' | null;
  snippet: string;
  created_at: string;
}

async function say(token: string, user: { org_id: string; id: string }, prompt: string, sessionId?: string) {
  const answer = await sendMessage(token, {
    org_id: user.org_id,
    user_id: user.id,
    prompt,
    ...(sessionId ? { session_id: sessionId } : {}),
  });
  expect(answer.status).toBe(200);
  return answer.parsed.metadata!;
}

const search = (token: string, query: string) => api(`/conversation/search?${query}`, { token });
// The fake provider's replies may quote the prompt, so counts look at the user's own messages.
const userHits = (results: SearchResult[]) => results.filter((result) => result.role === 'user');

describe('GET /conversation/search', () => {
  it("finds the caller's titles and message text, case-insensitively, newest first, with a snippet around the match", async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const first = await say(token, user, 'Plans for the garden');
    const longPrompt = `${'filler words '.repeat(40)}the Zucchini harvest was large ${'more filler '.repeat(40)}`;
    const second = await say(token, user, longPrompt, first.session_id);
    expect(
      (
        await api(`/conversation/session/${first.session_id}/title`, {
          method: 'PUT',
          token,
          body: { title: 'Vegetable notes' },
        })
      ).status,
    ).toBe(200);

    const byMessage = await search(token, 'q=zucchini');
    expect(byMessage.status).toBe(200);
    expect(byMessage.body).toMatchObject({ page: 1, limit: 20, has_more: false });
    expect(userHits(byMessage.body.results)).toEqual([
      expect.objectContaining({
        session_id: first.session_id,
        session_title: 'Vegetable notes',
        message_id: second.usr_msg_id,
        role: 'user',
      }),
    ]);
    const snippet = userHits(byMessage.body.results)[0]!.snippet;
    expect(snippet).toContain('the Zucchini harvest was large');
    expect(snippet.length).toBeLessThan(200);
    expect(snippet.startsWith('…')).toBe(true);

    const byTitle = await search(token, 'q=VEGETABLE');
    expect(byTitle.body.results).toEqual([
      expect.objectContaining({
        session_id: first.session_id,
        message_id: null,
        role: null,
        snippet: 'Vegetable notes',
      }),
    ]);

    // Newest first: the second message comes before the first one.
    const both = userHits((await search(token, 'q=garden')).body.results);
    expect(both.map((result) => result.message_id)).toEqual([first.usr_msg_id]);
    await say(token, user, 'More about the garden', first.session_id);
    const again = userHits((await search(token, 'q=garden')).body.results);
    expect(again).toHaveLength(2);
    expect(again[1]!.message_id).toBe(first.usr_msg_id);
    expect(Date.parse(again[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(again[1]!.created_at));
  });

  it('takes % and _ in the search text literally', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const percent = await say(token, user, 'The rate is 50% today');
    await say(token, user, 'The rate is 500 today');
    const underscore = await say(token, user, 'call snake_case here');
    await say(token, user, 'call snakeXcase here');
    expect(userHits((await search(token, 'q=50%25')).body.results).map((result) => result.message_id)).toEqual([
      percent.usr_msg_id,
    ]);
    expect(userHits((await search(token, 'q=snake_case')).body.results).map((result) => result.message_id)).toEqual([
      underscore.usr_msg_id,
    ]);
    expect(userHits((await search(token, 'q=%25')).body.results)).toHaveLength(1);
  });

  it('pages with limit and page, saying whether more follow', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const session = await say(token, user, 'pager one');
    await say(token, user, 'pager two', session.session_id);
    await say(token, user, 'pager three', session.session_id);
    const all = (await search(token, 'q=pager&limit=100')).body.results as SearchResult[];
    expect(userHits(all)).toHaveLength(3);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const total = all.length;
    const seen: SearchResult[] = [];
    const pages = Math.ceil(total / 2);
    for (let page = 1; page <= pages; page += 1) {
      const answer = await search(token, `q=pager&limit=2&page=${page}`);
      expect(answer.body).toMatchObject({ page, limit: 2, has_more: page < pages });
      seen.push(...answer.body.results);
    }
    expect((await search(token, `q=pager&limit=2&page=${pages + 1}`)).body.results).toEqual([]);
    // Every hit exactly once, in the same order as one big page.
    expect(seen.map((result) => `${result.session_id}/${result.message_id}`)).toEqual(
      all.map((result) => `${result.session_id}/${result.message_id}`),
    );
  });

  it('finds nothing of another user in the same organisation or of another organisation', async () => {
    const admin = (await signUpOrganisation()).auth;
    await say(admin.token, admin.user, 'secret marmalade recipe');
    const member = await activeMember(admin.token, admin.user.org_id);
    const stranger = (await signUpOrganisation()).auth;
    await say(stranger.token, stranger.user, 'my own marmalade');

    expect((await search(admin.token, 'q=marmalade')).body.results.length).toBeGreaterThan(0);
    expect((await search(member.token, 'q=marmalade')).body.results).toEqual([]);
    const strangers = (await search(stranger.token, 'q=marmalade')).body.results as SearchResult[];
    expect(strangers.length).toBeGreaterThan(0);
    expect(strangers.every((result) => !result.snippet.includes('secret'))).toBe(true);
  });

  it('refuses a missing, blank or too long search text and answers no one signed out', async () => {
    const { token } = (await signUpOrganisation()).auth;
    for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(201)}`, 'q=a&limit=0', 'q=a&page=x']) {
      const answer = await search(token, query);
      expect(answer.status, query).toBe(400);
    }
    expect(JSON.stringify((await search(token, 'q=')).body)).toContain('Enter text to search for.');
    expect((await api('/conversation/search?q=a')).status).toBe(401);
  });
});
