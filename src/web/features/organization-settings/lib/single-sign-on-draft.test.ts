import { describe, expect, it } from 'vitest';
import { singleSignOnDraftOf, singleSignOnRequestOf, validateSingleSignOnDraft } from './single-sign-on-draft';

const memberRoleId = '11111111-1111-4111-8111-111111111111';
const adminRoleId = '22222222-2222-4222-8222-222222222222';

describe('single sign-on draft', () => {
  it('starts a new connection with the Member role, on and not enforced', () => {
    expect(singleSignOnDraftOf(null, memberRoleId)).toMatchObject({
      issuer: '',
      defaultRoleId: memberRoleId,
      enabled: true,
      enforced: false,
      mappings: [],
    });
  });

  it('keeps the stored secret unless a new one is typed', () => {
    const draft = {
      ...singleSignOnDraftOf(null, memberRoleId),
      issuer: ' https://idp.example.com ',
      clientId: 'tokenwise',
      slug: 'Acme',
      groupsClaim: '',
      mappings: [{ group: ' admins ', roleId: adminRoleId }],
    };
    const request = singleSignOnRequestOf(draft);
    expect(request).not.toHaveProperty('client_secret');
    expect(request).toMatchObject({
      issuer: 'https://idp.example.com',
      groups_claim: null,
      group_mappings: [{ group: 'admins', role_id: adminRoleId }],
    });
    expect(singleSignOnRequestOf({ ...draft, clientSecret: 's3cret' }).client_secret).toBe('s3cret');
  });

  it('names each field the server would refuse, with its text', () => {
    const { request, problems } = validateSingleSignOnDraft({
      ...singleSignOnDraftOf(null, memberRoleId),
      issuer: 'not a url',
      slug: '-bad-',
      mappings: [{ group: '', roleId: adminRoleId }],
    });
    expect(request).toBeUndefined();
    expect(problems).toMatchObject({
      issuer: 'Issuer URL must be an https:// address',
      client_id: 'Client ID is required',
      slug: 'Single sign-on name may contain only letters, digits and dashes, and cannot start or end with a dash',
      'group_mappings.0.group': 'Group is required',
    });
  });
});
