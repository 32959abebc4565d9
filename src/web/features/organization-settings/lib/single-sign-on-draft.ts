import { saveSingleSignOnRequestSchema, type SaveSingleSignOnRequest, type SingleSignOnConnection } from '@contracts';

/** The connection form as typed: the secret empty unless a new one is entered. */
export interface SingleSignOnDraft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  slug: string;
  defaultRoleId: string;
  groupsClaim: string;
  mappings: { group: string; roleId: string }[];
  enabled: boolean;
  enforced: boolean;
}

export function singleSignOnDraftOf(
  connection: SingleSignOnConnection | null,
  memberRoleId: string,
): SingleSignOnDraft {
  return {
    issuer: connection?.issuer ?? '',
    clientId: connection?.client_id ?? '',
    clientSecret: '',
    slug: connection?.slug ?? '',
    defaultRoleId: connection?.default_role_id ?? memberRoleId,
    groupsClaim: connection?.groups_claim ?? '',
    mappings: connection?.group_mappings.map((mapping) => ({ group: mapping.group, roleId: mapping.role_id })) ?? [],
    enabled: connection?.enabled ?? true,
    enforced: connection?.enforced ?? false,
  };
}

export function singleSignOnRequestOf(draft: SingleSignOnDraft): SaveSingleSignOnRequest {
  return {
    issuer: draft.issuer.trim(),
    client_id: draft.clientId.trim(),
    ...(draft.clientSecret ? { client_secret: draft.clientSecret } : {}),
    slug: draft.slug.trim(),
    default_role_id: draft.defaultRoleId,
    groups_claim: draft.groupsClaim.trim() || null,
    group_mappings: draft.mappings.map((mapping) => ({ group: mapping.group.trim(), role_id: mapping.roleId })),
    enabled: draft.enabled,
    enforced: draft.enforced,
  };
}

/**
 * Checks the draft with the server's own schema (the same texts), field by field: 'issuer',
 * 'group_mappings.0.group'... The first problem of each field.
 */
export function validateSingleSignOnDraft(draft: SingleSignOnDraft): {
  request?: SaveSingleSignOnRequest;
  problems: Record<string, string>;
} {
  const parsed = saveSingleSignOnRequestSchema.safeParse(singleSignOnRequestOf(draft));
  if (parsed.success) return { request: singleSignOnRequestOf(draft), problems: {} };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}
