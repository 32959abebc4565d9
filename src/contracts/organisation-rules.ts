import { z } from 'zod';
import { organisationBrandingSchema } from './organisation-settings';

/**
 * Texts of the refusals that put an organisation's settings into effect (docs/decisions/021).
 * Not in the spec; worded like its texts, and each says what to do next.
 */
export const organisationRuleMessages = {
  addressNotAllowed: (address: string) =>
    `Your organization does not allow sign-ins from your network address (${address}). Connect from an allowed network or ask your administrator.`,
  twoFactorSetupRequired: 'Your organization requires two-factor authentication. Set it up to continue.',
  signedOutWhenIdle: (minutes: number) =>
    `You were signed out after ${minutes} minutes without activity, as your organization requires. Please sign in again.`,
  twoFactorStaysOn: 'Your organization requires two-factor authentication, so it cannot be turned off.',
  emailDomainNotAllowed: (domain: string, allowed: readonly string[]) =>
    `E-mail addresses at ${domain} are not allowed in this organization. Allowed domains: ${allowed.join(', ')}.`,
  restrictionsWouldLockYouOut: (address: string) =>
    `These IP restrictions would lock you out: your current address (${address}) is not in them. Add it, or a network that contains it, first.`,
} as const;

/** The domain of an e-mail address, lower case ('Ada@Mail.Example.com' gives 'mail.example.com'). */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** No allowed domains allow every address; otherwise the domain or a subdomain of it must be listed. */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = emailDomainOf(email);
  return allowedDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

/**
 * GET /org/me/branding: what the web app shows signed-in members (application name, primary
 * colour, logo), readable by every member, where the settings themselves need scope admin.
 */
export const organisationBrandingResponseSchema = z.object({ branding: organisationBrandingSchema });
export type OrganisationBrandingResponse = z.infer<typeof organisationBrandingResponseSchema>;
