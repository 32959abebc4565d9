import { expect } from 'vitest';
import { api, uniqueName } from './client';

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
