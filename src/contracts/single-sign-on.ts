import { z } from 'zod';
import { organisationIdSchema, roleIdSchema, uuidField } from './ids';
import { isDomainName } from './network-rules';
import { text } from './text-rules';

/**
 * Texts of single sign-on (docs/decisions/045). Not in the spec; worded like its texts, and each
 * says what to do next.
 */
export const singleSignOnMessages = {
  required: 'Your organization signs in with single sign-on. Use "Continue with single sign-on" on the sign-in page.',
  passwordResetRefused:
    'Your organization signs in with single sign-on, so its passwords are not reset here. Use "Continue with single sign-on" on the sign-in page.',
  invitationRefused: (domain: string) =>
    `People at ${domain} join by signing in with single sign-on: invitations and passwords are not used for them.`,
  identifierRequired: "Enter your work e-mail address or your organization's single sign-on name.",
  noConnection: 'No single sign-on is set up for that e-mail address or organization.',
  handoffExpired: 'This sign-in has expired or was already used. Please sign in again.',
  issuerNotHttps: 'Issuer URL must use https (http only on networks the operator allows)',
  issuerNotPublic: (address: string) =>
    `Issuer URL must lead to a public address; it leads to ${address}. The operator can allow its network with SSO_ISSUER_ALLOWED_NETWORKS.`,
  issuerUnresolvable: 'Issuer URL host could not be resolved',
  discoveryFailed: (detail: string) => `The identity provider's discovery document could not be used: ${detail}`,
  clientSecretRequired: 'Client secret is required',
  slugTaken: 'That single sign-on name is taken by another organization',
  roleNotFound: 'Role not found',
  enforceNeedsDomain: 'Single sign-on can be enforced once the connection is on and at least one domain is verified.',
  domainAlreadyAdded: 'This domain is already added',
  domainNotFound: 'Domain not found',
  domainTaken: (domain: string) => `${domain} is already verified for another organization's single sign-on.`,
  domainRecordMissing: (name: string, value: string) =>
    `The TXT record was not found. Add a TXT record named ${name} with the value ${value}, then try again (DNS changes can take a few minutes).`,
  connectionMissing: 'Set up the identity provider first.',
  scimTokenNotFound: 'SCIM token not found',
} as const;

/**
 * Why a sign-in through the identity provider did not complete: the callback sends the browser to
 * /sso/complete#error=<code>, and the web app shows the text. Codes, not texts, travel in the URL, so
 * a crafted link cannot put words on the page.
 */
export const singleSignOnFailures = {
  attempt_expired: 'This single sign-on attempt has expired or was already used. Please start again.',
  state_mismatch: 'This single sign-on answer does not belong to this browser. Please start again.',
  provider_refused: 'Your identity provider refused the sign-in.',
  provider_unreachable: 'The identity provider could not be reached. Please try again later.',
  token_rejected: "The identity provider's answer could not be verified, so you were not signed in.",
  email_missing: 'Your identity provider did not send an e-mail address, so you cannot be signed in.',
  email_not_verified:
    'Your identity provider has not verified your e-mail address, so you cannot be signed in. Ask its administrator to verify it.',
  domain_not_covered:
    "This organization's identity provider cannot sign in people at your e-mail domain. Sign in through your own organization.",
  email_in_another_organisation: 'An account with this e-mail address belongs to another organization.',
  identity_mismatch:
    'This e-mail address belongs to an account linked to another identity at your identity provider. Ask your administrator.',
  account_deactivated: 'Your account has been deactivated. Contact your administrator.',
  address_not_allowed:
    'Your organization does not allow sign-ins from your network address. Connect from an allowed network or ask your administrator.',
  too_many_attempts: 'Too many sign-in attempts. Please try again later',
  connection_off: 'Single sign-on is turned off for this organization. Ask your administrator.',
} as const;
export type SingleSignOnFailureCode = keyof typeof singleSignOnFailures;

export function isSingleSignOnFailureCode(code: string): code is SingleSignOnFailureCode {
  return Object.hasOwn(singleSignOnFailures, code);
}

/** An organisation's own name for its single sign-on, typed at sign-in instead of an e-mail: 'acme'. */
export const singleSignOnSlugSchema = text({
  label: 'Single sign-on name',
  max: 63,
  required: 'Single sign-on name is required',
})
  .transform((slug) => slug.toLowerCase())
  .refine((slug) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug), {
    error: 'Single sign-on name may contain only letters, digits and dashes, and cannot start or end with a dash',
  });

const httpUrl = (label: string) =>
  text({ label, max: 500, required: `${label} is required` }).refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: `${label} must be an https:// address` },
  );

const clientSecret = text({ label: 'Client secret', max: 1000, trim: false }).refine((value) => value.trim() !== '', {
  error: 'Client secret cannot be blank',
});

/** POST /auth/sso/start: an e-mail address at a domain with single sign-on, or an organisation's single sign-on name. */
export const singleSignOnStartRequestSchema = z.object({
  identifier: text({ label: 'E-mail or organization', max: 320, required: singleSignOnMessages.identifierRequired }),
});
export const singleSignOnStartResponseSchema = z.object({ authorization_url: z.string() });

/** POST /auth/sso/exchange: the one-time code the callback hands the browser, for the sign-in's tokens. */
export const singleSignOnExchangeRequestSchema = z.object({
  handoff: text({ label: 'Sign-in code', max: 200, required: 'Sign-in code is required' }),
});

/** GET /auth/sso/callback: what the identity provider sends back (RFC 6749 section 4.1.2, RFC 9207). */
export const singleSignOnCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

const groupMappingSchema = z.object({
  group: text({ label: 'Group', max: 256, required: 'Group is required' }),
  role_id: roleIdSchema,
});

/** PUT /org/{orgId}/sso: the organisation's identity provider. The secret may be left out to keep the stored one. */
export const saveSingleSignOnRequestSchema = z.object({
  issuer: httpUrl('Issuer URL'),
  client_id: text({ label: 'Client ID', max: 500, required: 'Client ID is required' }),
  client_secret: clientSecret.optional(),
  slug: singleSignOnSlugSchema,
  default_role_id: roleIdSchema,
  /** The ID token or userinfo claim listing the person's groups ('groups'); absent, roles are not mapped. */
  groups_claim: text({ label: 'Group claim', max: 100 }).optional().nullable(),
  /** In order: the first group a person is in decides their role. */
  group_mappings: z.array(groupMappingSchema).max(100, { error: 'At most 100 group mappings' }).default([]),
  enabled: z.boolean().default(true),
  /** Single sign-on is the only way in for the organisation's verified domains (administrators keep a password). */
  enforced: z.boolean().default(false),
});
export type SaveSingleSignOnRequest = z.infer<typeof saveSingleSignOnRequestSchema>;

/** POST /org/{orgId}/sso/test: the settings to try before saving; without a secret, the stored one. */
export const testSingleSignOnRequestSchema = z.object({
  issuer: httpUrl('Issuer URL'),
  client_id: text({ label: 'Client ID', max: 500, required: 'Client ID is required' }),
  client_secret: clientSecret.optional(),
});

export const connectionCheckSchema = z.object({
  name: z.enum(['issuer', 'discovery', 'keys', 'client']),
  ok: z.boolean(),
  detail: z.string(),
});
export const testSingleSignOnResponseSchema = z.object({ ok: z.boolean(), checks: z.array(connectionCheckSchema) });
export type TestSingleSignOnResponse = z.infer<typeof testSingleSignOnResponseSchema>;

export const singleSignOnDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** How it was proven: the DNS record, or the operator's word (SSO_TRUSTED_DOMAINS, SSO_DOMAIN_VERIFICATION=off). */
  verified_by: z.enum(['dns', 'operator']).nullable(),
  /** The TXT record that proves the domain: its name and value. */
  record_name: z.string(),
  record_value: z.string(),
});
export type SingleSignOnDomain = z.infer<typeof singleSignOnDomainSchema>;

export const singleSignOnConnectionSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  /** The secret's last four characters; the secret itself is never shown again. */
  client_secret_hint: z.string(),
  slug: z.string(),
  default_role_id: z.string().nullable(),
  groups_claim: z.string().nullable(),
  group_mappings: z.array(z.object({ group: z.string(), role_id: z.string() })),
  enabled: z.boolean(),
  enforced: z.boolean(),
  updated_at: z.string(),
});
export type SingleSignOnConnection = z.infer<typeof singleSignOnConnectionSchema>;

/** GET /org/{orgId}/sso: the connection (null before one is saved), the domains, and what to give the identity provider. */
export const singleSignOnSettingsSchema = z.object({
  connection: singleSignOnConnectionSchema.nullable(),
  domains: z.array(singleSignOnDomainSchema),
  /** The redirect URI to register at the identity provider. */
  redirect_uri: z.string(),
  /** The SCIM 2.0 base URL to give the directory. */
  scim_base_url: z.string(),
  /** 'off': the operator vouches for every domain (no DNS check on this instance). */
  domain_verification: z.enum(['dns', 'off']),
});
export type SingleSignOnSettings = z.infer<typeof singleSignOnSettingsSchema>;

const domainName = text({ label: 'Domain', max: 253, required: 'Domain is required' })
  .transform((domain) => domain.toLowerCase().replace(/\.$/, ''))
  .refine(isDomainName, { error: 'Domain must be a domain name, such as example.com' });

export const addSingleSignOnDomainRequestSchema = z.object({ domain: domainName });
export const singleSignOnPathSchema = z.object({ orgId: organisationIdSchema });
export const singleSignOnDomainPathSchema = z.object({ orgId: organisationIdSchema, domain: domainName });

/** A SCIM bearer token as administration sees it: never the token, which is shown once when created. */
export const scimTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  token_hint: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
});
export type ScimTokenView = z.infer<typeof scimTokenViewSchema>;
export const scimTokenListSchema = z.object({ tokens: z.array(scimTokenViewSchema) });
export const createScimTokenRequestSchema = z.object({
  name: text({ label: 'Token name', max: 100, required: 'Token name is required' }),
});
/** The new token, this once. */
export const createdScimTokenSchema = scimTokenViewSchema.extend({ token: z.string() });
export const scimTokenPathSchema = z.object({
  orgId: organisationIdSchema,
  tokenId: uuidField('Token ID', 'Token ID is required'),
});
