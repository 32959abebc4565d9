import type { AuditEntry } from '@contracts';
import { describe, expect, it } from 'vitest';
import { auditChanges, describeAuditEntry } from './audit-changes';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  action: 'settings.update',
  target_type: 'settings',
  target_id: 'o1',
  actor_user_id: 'u1',
  actor_username: 'ada',
  created_at: '2026-01-02T03:04:05.000Z',
  before: null,
  after: null,
  ...overrides,
});

describe('audit entries as people read them', () => {
  it('names the role or person an entry touched', () => {
    expect(describeAuditEntry(entry({ action: 'role.delete', target_type: 'role', before: { name: 'Analyst' } }))).toBe(
      'Deleted role Analyst',
    );
    expect(
      describeAuditEntry(entry({ action: 'user.role_change', target_type: 'user', after: { username: 'bob' } })),
    ).toBe('Changed the role of bob');
    expect(describeAuditEntry(entry({}))).toBe('Changed the settings');
  });

  it('lists only the fields that changed, nested ones by path', () => {
    const before = {
      enable_audit: false,
      security: { require_2fa: false, allowed_domains: [] },
      branding: { application_name: 'LLM Platform' },
    };
    const after = {
      enable_audit: true,
      security: { require_2fa: false, allowed_domains: ['a.com', 'b.com'] },
      branding: { application_name: 'Acme' },
    };
    expect(auditChanges(entry({ before, after }))).toEqual([
      { field: 'enable_audit', before: 'false', after: 'true' },
      { field: 'security.allowed_domains', before: '', after: 'a.com, b.com' },
      { field: 'branding.application_name', before: 'LLM Platform', after: 'Acme' },
    ]);
  });

  it("keys a role's permissions by model", () => {
    const permission = { model_id: 'openai/gpt-4o', isEnabled: true, monthly_token_limit: 100 };
    const changes = auditChanges(
      entry({
        before: { name: 'A', permissions: [permission] },
        after: { name: 'A', permissions: [{ ...permission, monthly_token_limit: 300 }] },
      }),
    );
    expect(changes).toEqual([{ field: 'permissions[openai/gpt-4o].monthly_token_limit', before: '100', after: '300' }]);
  });

  it('shows every value of a creation as new', () => {
    expect(auditChanges(entry({ after: { username: 'bob', status: 'active' } }))).toEqual([
      { field: 'username', before: null, after: 'bob' },
      { field: 'status', before: null, after: 'active' },
    ]);
  });

  it('names the roles of a role change, as the entry stored them, never by id', () => {
    const before = { username: 'bob', email: 'bob@x.test', role_id: 'r-member', role_name: 'Member', status: 'active' };
    const after = { ...before, role_id: 'r-analyst', role_name: 'Analyst' };
    const change = entry({ action: 'user.role_change', target_type: 'user', before, after });
    expect(describeAuditEntry(change)).toBe('Changed the role of bob from Member to Analyst');
    expect(auditChanges(change)).toEqual([{ field: 'role', before: 'Member', after: 'Analyst' }]);
    expect(describeAuditEntry({ ...change, action: 'role.assign' })).toBe(
      'Assigned a role to bob from Member to Analyst',
    );
    expect(auditChanges(entry({ after: { username: 'bob', role_id: 'r-member', role_name: 'Member' } }))).toEqual([
      { field: 'username', before: null, after: 'bob' },
      { field: 'role', before: null, after: 'Member' },
    ]);
    const deletion = entry({
      action: 'role.delete',
      target_type: 'role',
      before: { name: 'Analyst' },
      after: { deleted: true, removed_users_moved_to_role_id: 'r-member', removed_users_moved_to_role_name: 'Member' },
    });
    expect(auditChanges(deletion)).toContainEqual({
      field: 'removed_users_moved_to_role',
      before: null,
      after: 'Member',
    });
    expect(JSON.stringify(auditChanges(deletion))).not.toContain('r-member');
  });
});
