import type { AuditAction, AuditEntry } from '@contracts';

const actionTexts: Record<AuditAction, string> = {
  'role.create': 'Created role',
  'role.update': 'Changed role',
  'role.delete': 'Deleted role',
  'role.assign': 'Assigned a role to',
  'user.create': 'Created user',
  'user.role_change': 'Changed the role of',
  'user.remove': 'Removed user',
  'user.invitation_resend': 'Sent a new invitation to',
  'organization.update': 'Changed the organization details',
  'settings.update': 'Changed the settings',
  'wallet.settings_update': 'Changed the wallet settings',
  'subscription.purchase': 'Subscribed to a plan',
  'subscription.update': 'Changed the plan',
  'subscription.cancel': 'Cancelled the subscription',
  'subscription.end': 'Ended the subscription: its renewal could not be charged',
  'routing.policy_update': 'Changed how Auto routes and caches',
  'routing.calibration_reset': "Reset the router's and the cache's calibration from feedback",
  'routing.router_reset': "Reset the organization's own router, learned from its labels",
  'routing.cache_learner_reset': "Reset the organization's learned cache threshold",
  'user.update': 'Changed the details of',
  'user.deactivate': 'Deactivated user',
  'user.reactivate': 'Reactivated user',
  'user.delete': 'Deleted user',
  'sso.update': 'Changed single sign-on',
  'sso.delete': 'Removed single sign-on',
  'sso.domain_add': 'Added a single sign-on domain',
  'sso.domain_verify': 'Verified a single sign-on domain',
  'sso.domain_remove': 'Removed a single sign-on domain',
  'sso.sign_in': 'Signed in with single sign-on:',
  'sso.break_glass_sign_in': 'Signed in with a password although single sign-on is enforced (break-glass):',
  'scim.token_create': 'Created a SCIM token',
  'scim.token_revoke': 'Revoked a SCIM token',
  'group.create': 'Directory created group',
  'group.update': 'Directory changed group',
  'group.delete': 'Directory deleted group',
  'two_factor.recovery_codes_regenerate': 'Made new two-factor recovery codes for',
  'two_factor.recovery_code_use': 'Signed in with a two-factor recovery code:',
  'api_key.create': 'Created API key',
  'api_key.update': 'Changed API key',
  'api_key.revoke': 'Revoked API key',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const roleNameOf = (value: unknown) =>
  isRecord(value) && typeof value.role_name === 'string' ? value.role_name : undefined;

/**
 * What the entry did, with the role or person it touched: "Changed role Analyst". A role change
 * names the roles as the entry stored them, as they were called then (a later rename does not
 * rewrite the log): "Changed the role of bob from Member to Analyst".
 */
export function describeAuditEntry(entry: AuditEntry): string {
  const values = isRecord(entry.after) ? entry.after : isRecord(entry.before) ? entry.before : {};
  const name =
    entry.target_type === 'user'
      ? values.username
      : entry.target_type === 'role' ||
          entry.target_type === 'api_key' ||
          entry.target_type === 'group' ||
          entry.target_type === 'scim_token'
        ? values.name
        : undefined;
  const described = typeof name === 'string' ? `${actionTexts[entry.action]} ${name}` : actionTexts[entry.action];
  const [from, to] = [roleNameOf(entry.before), roleNameOf(entry.after)];
  if ((entry.action === 'user.role_change' || entry.action === 'role.assign') && from && to && from !== to)
    return `${described} from ${from} to ${to}`;
  return described;
}

/** A record's `X_id` beside its `X_name` is shown as `X`, by name: people read role names, not ids. */
function namedInsteadOfIds(record: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    const base = key.endsWith('_id') ? key.slice(0, -3) : key.endsWith('_name') ? key.slice(0, -5) : undefined;
    const paired = base !== undefined && `${base}_id` in record && `${base}_name` in record;
    if (!paired) shown[key] = inner;
    else if (key.endsWith('_name')) shown[base] = inner;
  }
  return shown;
}

/**
 * Flattens a value to 'field' → text: nested objects by dotted path, a role's permissions by
 * model ('permissions[openai/gpt-4o].cost_limit'), other lists as one comma-separated value, and
 * an id stored with its name ('role_id' and 'role_name') as the name alone ('role').
 */
function flattenAuditValues(value: unknown, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(namedInsteadOfIds(value))) {
      for (const [path, text] of flattenAuditValues(inner, prefix ? `${prefix}.${key}` : key)) flat.set(path, text);
    }
  } else if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isRecord(item) && typeof item.model_id === 'string')
  ) {
    for (const item of value as Record<string, unknown>[]) {
      const { model_id: modelId, ...rest } = item;
      for (const [path, text] of flattenAuditValues(rest, `${prefix}[${String(modelId)}]`)) flat.set(path, text);
    }
  } else if (prefix) {
    flat.set(
      prefix,
      Array.isArray(value) ? value.map(String).join(', ') : value === null || value === undefined ? '' : String(value),
    );
  }
  return flat;
}

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** The fields whose values differ between before and after (all of them for a creation or deletion). */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = flattenAuditValues(entry.before);
  const after = flattenAuditValues(entry.after);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .filter((field) => before.get(field) !== after.get(field))
    .map((field) => ({
      field,
      before: before.has(field) ? before.get(field)! : null,
      after: after.has(field) ? after.get(field)! : null,
    }));
}
