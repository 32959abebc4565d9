import { expect } from 'vitest';
import { api, strongPassword, uniqueName } from './client';
import { latestEmailTo } from './outbox';

export async function roleIdByName(token: string, orgId: string, name: string): Promise<string> {
  const answer = await api(`/roles/organization/${orgId}`, { token });
  expect(answer.status).toBe(200);
  const role = answer.body.roles.find((candidate: { name: string }) => candidate.name === name);
  if (!role) throw new Error(`no role named ${name}`);
  return role.id;
}

/** Invites a new person into the admin's organisation with the Member role. */
export async function inviteMember(adminToken: string, orgId: string) {
  const email = `${uniqueName('invitee')}@example.test`;
  const roleId = await roleIdByName(adminToken, orgId, 'Member');
  const answer = await api(`/org/${orgId}/users/invite`, { token: adminToken, body: { email, role_id: roleId } });
  expect(answer.status).toBe(201);
  return { email, username: answer.body.username as string, userId: answer.body.user_id as string, roleId };
}

/** An active, signed-in member of the admin's organisation (the seeded Member role). */
export async function activeMember(adminToken: string, orgId: string) {
  const invited = await inviteMember(adminToken, orgId);
  const verification = await latestEmailTo(invited.email, 'Verify');
  await api('/auth/verify-email', { body: { token: verification!.token } });
  const activation = await latestEmailTo(invited.email, 'Activate');
  await api('/auth/activate', { body: { token: activation!.token, password: strongPassword, gdpr_consent: true } });
  const login = await api('/auth/login', { body: { username: invited.username, password: strongPassword } });
  expect(login.status).toBe(200);
  return { ...invited, token: login.body.token as string, orgId };
}
