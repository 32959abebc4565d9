import { z } from 'zod';
import { modelIdSchema } from './conversation';
import { isDomainName, isIpAddressOrNetwork } from './network-rules';
import { text } from './text-rules';

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be between ${min} and ${max.toLocaleString('en-US')} ${unit}` })
    .max(max, { error: `${label} must be between ${min} and ${max.toLocaleString('en-US')} ${unit}` });

const temperature = z
  .number({ error: 'Default temperature must be a number' })
  .min(0, { error: 'Default temperature must be between 0 and 2' })
  .max(2, { error: 'Default temperature must be between 0 and 2' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    error: 'Default temperature must have at most 2 decimal places',
  });

const ipRestrictions = z
  .array(
    text({ label: 'IP restriction', max: 50, required: 'IP restrictions cannot hold an empty entry' }).refine(
      isIpAddressOrNetwork,
      {
        error: 'Each IP restriction must be an IP address or a network in CIDR notation, such as 203.0.113.0/24',
      },
    ),
    { error: 'IP restrictions must be a list' },
  )
  .max(100, { error: 'IP restrictions can hold at most 100 entries' });

const allowedDomains = z
  .array(
    text({ label: 'Allowed domain', max: 253, required: 'Allowed domains cannot hold an empty entry' })
      .transform((domain) => domain.toLowerCase())
      .refine(isDomainName, { error: 'Each allowed domain must be a domain name, such as example.com' }),
    { error: 'Allowed domains must be a list' },
  )
  .max(100, { error: 'Allowed domains can hold at most 100 entries' });

const logoUrl = text({ label: 'Logo URL', max: 2000 }).refine(
  (url) => {
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
    } catch {
      return false;
    }
  },
  { error: 'Logo URL must be an https:// address' },
);

export const organisationSecuritySchema = z.object({
  require_2fa: z.boolean({ error: 'require_2fa must be true or false' }),
  session_timeout_minutes: wholeNumber('Session timeout', 5, 43_200, 'minutes'),
  /** Addresses or CIDR networks people may sign in from; empty allows every address. */
  ip_restrictions: ipRestrictions,
  /** E-mail domains the organisation's people may have; empty allows every domain. */
  allowed_domains: allowedDomains,
});

export const organisationBrandingSchema = z.object({
  logo_url: logoUrl.nullable(),
  primary_color: z
    .string({ error: 'Primary color must look like #RRGGBB' })
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Primary color must look like #RRGGBB' }),
  application_name: text({ label: 'Application name', max: 60, required: 'Application name is required' }),
});

/** Org settings of spec section 3, as GET and PUT /org/{orgId}/settings answer them. */
export const organisationSettingsSchema = z.object({
  /** A catalog model id, or null: the router chooses (Auto). */
  default_model: modelIdSchema('Default model').nullable(),
  enable_logging: z.boolean({ error: 'enable_logging must be true or false' }),
  enable_audit: z.boolean({ error: 'enable_audit must be true or false' }),
  retention_period_days: wholeNumber('Retention period', 1, 3650, 'days'),
  max_tokens_per_request: wholeNumber('Max tokens per request', 1, 1_000_000, 'tokens'),
  default_temperature: temperature,
  security: organisationSecuritySchema,
  branding: organisationBrandingSchema,
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

/** PUT /org/{orgId}/settings: any subset, security and branding field by field. */
export const updateOrganisationSettingsRequestSchema = organisationSettingsSchema
  .extend({ security: organisationSecuritySchema.partial(), branding: organisationBrandingSchema.partial() })
  .partial();
export type UpdateOrganisationSettingsRequest = z.infer<typeof updateOrganisationSettingsRequestSchema>;

/**
 * Spec section 9's fallback settings. Its default model, 'gpt-3.5-turbo', is not a model this
 * product offers: as for preferences, no default model means the router chooses (docs/decisions/018).
 */
export const defaultOrganisationSettings: OrganisationSettings = {
  default_model: null,
  enable_logging: true,
  enable_audit: false,
  retention_period_days: 30,
  max_tokens_per_request: 4000,
  default_temperature: 0.7,
  security: { require_2fa: false, session_timeout_minutes: 60, ip_restrictions: [], allowed_domains: [] },
  branding: { logo_url: null, primary_color: '#3B82F6', application_name: 'LLM Platform' },
};

/**
 * What an organisation signed up now starts with: section 9's values with the audit log on, so
 * the changes of its first week are there to read (issue 21). Section 9's audit-off stays the
 * fallback for an organisation that never saved settings and for a web app that cannot load them.
 */
export const newOrganisationSettings: OrganisationSettings = { ...defaultOrganisationSettings, enable_audit: true };
