import { expect } from 'vitest';
import { api, signUpOrganisation, strongPassword, uniqueName, type SignedUpUser } from './client';
import { roleIdByName } from './invite';

/** A person an admin created with POST /user, signed in with the password the admin chose. */
export interface CreatedPerson {
  userId: string;
  username: string;
  email: string;
  roleId: string;
  token: string;
  refreshToken: string;
}

/** An organisation's admin, as the administration tests use it. */
export interface Administrator {
  token: string;
  userId: string;
  orgId: string;
  username: string;
  signedUp: SignedUpUser;
}

export async function newAdministrator(): Promise<Administrator> {
  const signedUp = await signUpOrganisation();
  return {
    token: signedUp.auth.token,
    userId: signedUp.auth.user.id,
    orgId: signedUp.auth.user.org_id,
    username: signedUp.username,
    signedUp,
  };
}

/** Creates someone with the named role (or role id) and signs them in. */
export async function createPerson(
  admin: Administrator,
  role: { name: string } | { id: string } = { name: 'Member' },
): Promise<CreatedPerson> {
  const roleId = 'id' in role ? role.id : await roleIdByName(admin.token, admin.orgId, role.name);
  const username = uniqueName('person');
  const email = `${username}@example.test`;
  const created = await api('/user', {
    token: admin.token,
    body: { username, email, password: strongPassword, org_id: admin.orgId, role_id: roleId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const login = await api('/auth/login', { body: { username, password: strongPassword } });
  expect(login.status).toBe(200);
  return {
    userId: created.body.user.id,
    username,
    email,
    roleId,
    token: login.body.token,
    refreshToken: login.body.refresh_token,
  };
}

/** Creates a role as the admin and answers its id. */
export async function createRole(admin: Administrator, body: Record<string, unknown>): Promise<string> {
  const answer = await api('/roles', { token: admin.token, body: { org_id: admin.orgId, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

/**
 * Subscribes the organisation to Business with a test card (docs/decisions/040): the plan that includes
 * the audit log, the custom routing policy, two-factor enforcement and CSV exports (docs/decisions/041).
 */
export async function subscribeToBusiness(admin: Pick<Administrator, 'token' | 'orgId'>): Promise<void> {
  const current = await api(`/subscription/plan/${admin.orgId}`, { token: admin.token });
  if (current.body?.id === 'business') return;
  const answer = await api('/subscription/purchase', {
    token: admin.token,
    body: { org_id: admin.orgId, plan_id: 'business', payment_method: 'card', card_number: '4242424242424242' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** Turns the audit log's reading on, on a plan that includes it (Business). */
export async function enableAudit(admin: Administrator): Promise<void> {
  await subscribeToBusiness(admin);
  const answer = await api(`/org/${admin.orgId}/settings`, {
    method: 'PUT',
    token: admin.token,
    body: { enable_audit: true },
  });
  expect(answer.status).toBe(200);
}

export async function auditEntries(admin: Administrator, query = '?limit=100') {
  const answer = await api(`/org/${admin.orgId}/audit${query}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.entries as {
    action: string;
    target_type: string;
    target_id: string;
    actor_user_id: string;
    actor_username: string;
    created_at: string;
    // biome-ignore lint/suspicious/noExplicitAny: the audited row as it was, any table's shape; tests read the fields they changed
    before: any;
    // biome-ignore lint/suspicious/noExplicitAny: the audited row as it became, any table's shape; tests read the fields they changed
    after: any;
  }[];
}
