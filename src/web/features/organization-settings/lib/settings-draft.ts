import {
  organisationSettingsSchema,
  type OrganisationSettings,
  type UpdateOrganisationSettingsRequest,
} from '@contracts';
import { problemsFrom, type FormProblems } from './form-problems';

/** The settings form as typed: numbers as text, lists one entry a line, '' for Auto and no logo. */
export interface SettingsDraft {
  default_model: string;
  enable_logging: boolean;
  enable_audit: boolean;
  retention_period_days: string;
  max_tokens_per_request: string;
  default_temperature: string;
  require_2fa: boolean;
  session_timeout_minutes: string;
  ip_restrictions: string;
  allowed_domains: string;
  logo_url: string;
  primary_color: string;
  application_name: string;
  api_access_enabled: boolean;
  api_ip_restrictions: string;
}

const groupOf: Partial<Record<keyof SettingsDraft, string>> = {
  require_2fa: 'security',
  session_timeout_minutes: 'security',
  ip_restrictions: 'security',
  allowed_domains: 'security',
  logo_url: 'branding',
  primary_color: 'branding',
  application_name: 'branding',
};

/** Draft fields whose name differs from the setting's (API access is its own group). */
const pathOf: Partial<Record<keyof SettingsDraft, string>> = {
  api_access_enabled: 'api_access.enabled',
  api_ip_restrictions: 'api_access.ip_restrictions',
};

/** Where a form field's problem is reported: 'security.ip_restrictions', 'default_model'. */
export function settingsFieldPath(field: keyof SettingsDraft): string {
  const renamed = pathOf[field];
  if (renamed) return renamed;
  const group = groupOf[field];
  return group ? `${group}.${field}` : field;
}

export function settingsDraftOf(settings: OrganisationSettings): SettingsDraft {
  return {
    default_model: settings.default_model ?? '',
    enable_logging: settings.enable_logging,
    enable_audit: settings.enable_audit,
    retention_period_days: String(settings.retention_period_days),
    max_tokens_per_request: String(settings.max_tokens_per_request),
    default_temperature: String(settings.default_temperature),
    require_2fa: settings.security.require_2fa,
    session_timeout_minutes: String(settings.security.session_timeout_minutes),
    ip_restrictions: settings.security.ip_restrictions.join('\n'),
    allowed_domains: settings.security.allowed_domains.join('\n'),
    logo_url: settings.branding.logo_url ?? '',
    primary_color: settings.branding.primary_color,
    application_name: settings.branding.application_name,
    api_access_enabled: settings.api_access.enabled,
    api_ip_restrictions: settings.api_access.ip_restrictions.join('\n'),
  };
}

const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
/** One entry a line (commas work too); blank lines are ignored. */
const asList = (typed: string) =>
  typed
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

export function validateSettingsDraft(draft: SettingsDraft): { values?: OrganisationSettings; problems: FormProblems } {
  const parsed = organisationSettingsSchema.safeParse({
    default_model: draft.default_model === '' ? null : draft.default_model,
    enable_logging: draft.enable_logging,
    enable_audit: draft.enable_audit,
    retention_period_days: asNumber(draft.retention_period_days),
    max_tokens_per_request: asNumber(draft.max_tokens_per_request),
    default_temperature: asNumber(draft.default_temperature),
    security: {
      require_2fa: draft.require_2fa,
      session_timeout_minutes: asNumber(draft.session_timeout_minutes),
      ip_restrictions: asList(draft.ip_restrictions),
      allowed_domains: asList(draft.allowed_domains),
    },
    branding: {
      logo_url: draft.logo_url.trim() === '' ? null : draft.logo_url.trim(),
      primary_color: draft.primary_color.trim(),
      application_name: draft.application_name,
    },
    api_access: { enabled: draft.api_access_enabled, ip_restrictions: asList(draft.api_ip_restrictions) },
  });
  if (parsed.success) return { values: parsed.data, problems: {} };
  return { problems: problemsFrom(parsed.error.issues) };
}

const same = (first: unknown, second: unknown) => JSON.stringify(first) === JSON.stringify(second);

function changedFields<Group extends object>(saved: Group, wanted: Group): Partial<Group> | undefined {
  const changed = Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => !same(saved[key as keyof Group], value)),
  );
  return Object.keys(changed).length > 0 ? (changed as Partial<Group>) : undefined;
}

/**
 * Only what changed, field by field (PUT takes any subset): the audit log then shows just the
 * change, and settings shown as defaults after a failed load never overwrite the saved ones.
 */
export function settingsChanges(
  saved: OrganisationSettings,
  wanted: OrganisationSettings,
): UpdateOrganisationSettingsRequest | undefined {
  const { security, branding, api_access: apiAccess, ...rest } = wanted;
  const { security: savedSecurity, branding: savedBranding, api_access: savedApiAccess, ...savedRest } = saved;
  const changes: UpdateOrganisationSettingsRequest = { ...changedFields(savedRest, rest) };
  const securityChanges = changedFields(savedSecurity, security);
  const brandingChanges = changedFields(savedBranding, branding);
  if (securityChanges) changes.security = securityChanges;
  if (brandingChanges) changes.branding = brandingChanges;
  const apiAccessChanges = changedFields(savedApiAccess, apiAccess);
  if (apiAccessChanges) changes.api_access = apiAccessChanges;
  return Object.keys(changes).length > 0 ? changes : undefined;
}
