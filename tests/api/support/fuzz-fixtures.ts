import { expect } from 'vitest';
import { randomAddress, strongPassword, uniqueName } from './client';
import { latestEmailTo } from './outbox';

/** Calls a server the test started itself (the fuzz test's own). */
export function clientOf(baseUrl: string) {
  return async function call(method: string, pathname: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${baseUrl}/api${pathname}`, {
      method,
      headers: {
        'x-forwarded-for': randomAddress(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
    return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
  };
}

type Call = ReturnType<typeof clientOf>;

export interface Person {
  userId: string;
  username: string;
  token: string;
}

/** An organisation with people, conversations, a rating, a notice and preferences: ids for the fuzzer to aim at. */
export interface SeededOrganisation {
  orgId: string;
  admin: Person;
  member?: Person;
  /** Signed in afresh for each logout, so fuzzing logout never ends the sign-ins the run uses. */
  spare?: { username: string };
  roleIds: string[];
  /** The admin's, then the member's. */
  conversations: Conversation[];
  feedbackIds: string[];
  noticeIds: string[];
}

async function signUp(call: Call): Promise<{ person: Person; orgId: string }> {
  const username = uniqueName('fuzz');
  const answer = await call('POST', '/auth/signup', {
    body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Fuzz ${username}` },
  });
  expect(answer.status).toBe(201);
  return {
    person: { userId: answer.body.user.id, username, token: answer.body.token },
    orgId: answer.body.user.org_id,
  };
}

/** Invites a Member, follows the e-mail links of the server's outbox, and signs in. */
async function addMember(
  call: Call,
  dataDir: string,
  admin: Person,
  orgId: string,
  memberRoleId: string,
): Promise<Person> {
  const email = `${uniqueName('fuzz-member')}@example.test`;
  const invited = await call('POST', `/org/${orgId}/users/invite`, {
    token: admin.token,
    body: { email, role_id: memberRoleId },
  });
  expect(invited.status).toBe(201);
  const verification = await latestEmailTo(email, 'Verify', dataDir);
  expect((await call('POST', '/auth/verify-email', { body: { token: verification!.token } })).status).toBe(200);
  const activation = await latestEmailTo(email, 'Activate', dataDir);
  expect(
    (
      await call('POST', '/auth/activate', {
        body: { token: activation!.token, password: strongPassword, gdpr_consent: true },
      })
    ).status,
  ).toBe(200);
  return {
    userId: invited.body.user_id,
    username: invited.body.username,
    token: await signIn(call, invited.body.username),
  };
}

export async function signIn(call: Call, username: string): Promise<string> {
  const answer = await call('POST', '/auth/login', { body: { username, password: strongPassword } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** One exchange of a session: what requests about sessions, messages and ratings aim at. */
export interface Conversation {
  sessionId: string;
  userMessageId: string;
  replyId: string;
  selectionId: string;
}

export async function startConversation(
  call: Call,
  person: Person,
  orgId: string,
  prompt = 'What is a fixture?',
): Promise<Conversation> {
  const answer = await call('POST', '/conversation/message', {
    token: person.token,
    body: { org_id: orgId, user_id: person.userId, prompt, stream: false },
  });
  expect(answer.status).toBe(200);
  return {
    sessionId: answer.body.session_id,
    userMessageId: answer.body.usr_msg_id,
    replyId: answer.body.assistant_msg_id,
    selectionId: answer.body.selection_id,
  };
}

export async function seedOrganisation(
  call: Call,
  dataDir: string,
  options: { withMembers: boolean },
): Promise<SeededOrganisation> {
  const { person: admin, orgId } = await signUp(call);
  const roles = (await call('GET', `/roles/organization/${orgId}`, { token: admin.token })).body.roles as {
    id: string;
    name: string;
  }[];
  const memberRoleId = roles.find((role) => role.name === 'Member')!.id;
  const member = options.withMembers ? await addMember(call, dataDir, admin, orgId, memberRoleId) : undefined;
  const spare = options.withMembers ? await addMember(call, dataDir, admin, orgId, memberRoleId) : undefined;

  const conversations = [
    await startConversation(call, admin, orgId),
    ...(member ? [await startConversation(call, member, orgId, 'And a member question?')] : []),
  ];
  const rated = await call('POST', '/feedback', {
    token: admin.token,
    body: { selection_id: conversations[0]!.selectionId, org_id: orgId, user_id: admin.userId, feedback: 'positive' },
  });
  expect(rated.status).toBe(201);
  const notice = await call('POST', '/system/messages', {
    token: admin.token,
    body: { content: 'A notice to dismiss' },
  });
  expect(notice.status).toBe(201);
  expect(
    (await call('PUT', `/preferences/user/${admin.userId}`, { token: admin.token, body: { theme: 'dark' } })).status,
  ).toBe(200);

  return {
    orgId,
    admin,
    member,
    spare: spare && { username: spare.username },
    roleIds: roles.map((role) => role.id),
    conversations,
    feedbackIds: [rated.body.id],
    noticeIds: [notice.body.id],
  };
}
