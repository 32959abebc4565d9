import { eq } from 'drizzle-orm';
import type { OrganisationSettings } from '../../contracts';
import type { Executor } from '../db/database';
import { organisationSettings } from '../db/schema';

/** The organisation's stored settings, or undefined when it never saved any (the defaults apply). */
export async function findStoredSettings(db: Executor, orgId: string): Promise<OrganisationSettings | undefined> {
  const [row] = await db.select().from(organisationSettings).where(eq(organisationSettings.orgId, orgId));
  if (!row) return undefined;
  return {
    default_model: row.defaultModel,
    enable_logging: row.enableLogging,
    enable_audit: row.enableAudit,
    retention_period_days: row.retentionPeriodDays,
    max_tokens_per_request: row.maxTokensPerRequest,
    default_temperature: row.defaultTemperature,
    security: {
      require_2fa: row.require2fa,
      session_timeout_minutes: row.sessionTimeoutMinutes,
      ip_restrictions: row.ipRestrictions,
      allowed_domains: row.allowedDomains,
    },
    branding: { logo_url: row.logoUrl, primary_color: row.primaryColor, application_name: row.applicationName },
    api_access: { enabled: row.apiAccessEnabled, ip_restrictions: row.apiIpRestrictions },
  };
}

export async function saveSettings(db: Executor, orgId: string, settings: OrganisationSettings): Promise<void> {
  const values = {
    defaultModel: settings.default_model,
    enableLogging: settings.enable_logging,
    enableAudit: settings.enable_audit,
    retentionPeriodDays: settings.retention_period_days,
    maxTokensPerRequest: settings.max_tokens_per_request,
    defaultTemperature: settings.default_temperature,
    require2fa: settings.security.require_2fa,
    sessionTimeoutMinutes: settings.security.session_timeout_minutes,
    ipRestrictions: settings.security.ip_restrictions,
    allowedDomains: settings.security.allowed_domains,
    logoUrl: settings.branding.logo_url,
    primaryColor: settings.branding.primary_color,
    applicationName: settings.branding.application_name,
    apiAccessEnabled: settings.api_access.enabled,
    apiIpRestrictions: settings.api_access.ip_restrictions,
    updatedAt: new Date(),
  };
  await db
    .insert(organisationSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: organisationSettings.orgId, set: values });
}
