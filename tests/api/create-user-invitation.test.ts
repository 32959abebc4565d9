import { describe, expect, it } from 'vitest';
import { api, strongPassword, uniqueName } from './support/client';
import {
  auditEntries,
  createPerson,
  newAdministrator,
  subscribeToBusiness,
  type Administrator,
} from './support/administration';
import { roleIdByName } from './support/invite';
import { countEmailsTo, latestEmailTo } from './support/outbox';

/** Issue 21 item 8: Create User sends an invitation (or sets a password), and only people sent a link are asked to follow it. */
async function invite(admin: Administrator, roleName = 'Member') {
  const username = uniqueName('invited');
  const email = `${username}@example.test`;
  const roleId = await roleIdByName(admin.token, admin.orgId, roleName);
  const answer = await api('/user', {
    token: admin.token,
    body: { username, email, org_id: admin.orgId, role_id: roleId, send_invitation: true },
  });
  return { answer, username, email, roleId };
}

describe('POST /user with send_invitation', () => {
  it('e-mails an invitation whose link lets the person choose a password and join, verified', async () => {
    const admin = await newAdministrator();
    const { answer, username, email, roleId } = await invite(admin);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      user: expect.objectContaining({ name: username, email, role_id: roleId, status: 'pending_activation' }),
      invitation_sent: true,
    });
    expect((await api('/auth/login', { body: { username, password: strongPassword } })).status).toBe(401);

    const invitation = await latestEmailTo(email);
    expect(invitation?.subject).toBe(`You are invited to join Org ${admin.username} on Tokenwise`);
    expect(invitation?.text).toContain(`${admin.username} invited you to join Org ${admin.username} on Tokenwise.`);
    expect(invitation?.link).toContain('/activate?token=');
    const activated = await api('/auth/activate', {
      body: { token: invitation!.token, password: 'Chosen-by-them-1', gdpr_consent: true },
    });
    expect(activated.body).toEqual({ success: true });
    const login = await api('/auth/login', { body: { username, password: 'Chosen-by-them-1' } });
    expect(login.status).toBe(200);
    // The link came by e-mail: no reminder to verify follows them into the chat.
    expect(login.body.user).toMatchObject({ org_id: admin.orgId, role: 'member', email_verified: true });
    const listed = await api(`/org/${admin.orgId}/users`, { token: admin.token });
    expect(listed.body.users.find((user: { email: string }) => user.email === email).status).toBe('active');
    // One e-mail was enough.
    expect(await countEmailsTo(email)).toBe(1);
  });

  it('records the invitation in the audit log, without secrets', async () => {
    const admin = await newAdministrator();
    const { answer, username } = await invite(admin);
    await subscribeToBusiness(admin);
    const [created] = (await auditEntries(admin)).filter((entry) => entry.action === 'user.create');
    expect(created).toMatchObject({ target_id: answer.body.user.id, actor_user_id: admin.userId });
    expect(created!.after).toMatchObject({ username, status: 'pending_activation', invited: true });
    expect(JSON.stringify(created)).not.toMatch(/token|password|hash/i);
  });

  it('asks for a password or an invitation, not both and not neither', async () => {
    const admin = await newAdministrator();
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const body = (extra: Record<string, unknown>) => ({
      username: uniqueName(),
      email: `${uniqueName()}@example.test`,
      org_id: admin.orgId,
      role_id: roleId,
      ...extra,
    });
    const both = await api('/user', {
      token: admin.token,
      body: body({ password: strongPassword, send_invitation: true }),
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'An invited person chooses their own password: leave the password out when sending an invitation.',
    );
    expect(both.body.fields).toHaveProperty('password');
    const neither = await api('/user', { token: admin.token, body: body({ send_invitation: false }) });
    expect(neither.body.message).toBe('Password is required');
    const odd = await api('/user', { token: admin.token, body: body({ send_invitation: 'yes' }) });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe('send_invitation must be true or false');
    expect((await api(`/org/${admin.orgId}/users`, { token: admin.token })).body.total).toBe(1);
  });

  it('keeps the spec call with a password as it was: active at once, and no e-mail', async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const profile = await api('/user/profile', { token: person.token });
    expect(profile.body.user).toMatchObject({ email_verified: false, email_verification_sent: false });
    expect(await countEmailsTo(person.email)).toBe(0);
  });
});

describe('whether a verification link was sent', () => {
  it('is true for someone who signed up, who was sent one', async () => {
    const admin = await newAdministrator();
    const profile = await api('/user/profile', { token: admin.token });
    expect(profile.body.user).toMatchObject({ email_verified: false, email_verification_sent: true });
  });
});

describe('POST /org/{orgId}/users/{userId}/invitation', () => {
  it('sends a new invitation; the earlier link stops working; none once they joined', async () => {
    const admin = await newAdministrator();
    const { answer, email } = await invite(admin);
    const userId = answer.body.user.id;
    const first = await latestEmailTo(email);
    const resent = await api(`/org/${admin.orgId}/users/${userId}/invitation`, { token: admin.token, body: {} });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, email });
    const second = await latestEmailTo(email);
    expect(second!.token).not.toBe(first!.token);
    const stale = await api('/auth/activate', {
      body: { token: first!.token, password: 'Chosen-by-them-1', gdpr_consent: true },
    });
    expect(stale.status).toBe(400);
    expect(
      (
        await api('/auth/activate', {
          body: { token: second!.token, password: 'Chosen-by-them-1', gdpr_consent: true },
        })
      ).body,
    ).toEqual({ success: true });
    const joined = await api(`/org/${admin.orgId}/users/${userId}/invitation`, { token: admin.token, body: {} });
    expect(joined.status).toBe(409);
    expect(joined.body.message).toBe('This person has already joined: there is no invitation to send again.');
    await subscribeToBusiness(admin);
    const entries = await auditEntries(admin);
    expect(entries.filter((entry) => entry.action === 'user.invitation_resend')).toHaveLength(1);
  });

  it('answers 403 to a member and 403 or 404 for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const { answer } = await invite(admin);
    const userId = answer.body.user.id;
    expect(
      (await api(`/org/${admin.orgId}/users/${userId}/invitation`, { token: member.token, body: {} })).status,
    ).toBe(403);
    expect((await api(`/org/${admin.orgId}/users/${userId}/invitation`, { token: other.token, body: {} })).status).toBe(
      403,
    );
    expect((await api(`/org/${other.orgId}/users/${userId}/invitation`, { token: other.token, body: {} })).status).toBe(
      404,
    );
  });
});
