import { z } from 'zod';
import { userIdSchema } from './ids';
import { messages } from './messages';
import { MIN_PASSWORD_LENGTH, MIN_SIGNUP_PASSWORD_SCORE, scorePassword } from './password-strength';
import { scopeSchema } from './scopes';
import { text } from './text-rules';

/** Passwords are never trimmed: spaces are part of them. */
const passwordSchema = (required: string) =>
  text({ label: 'Password', max: 256, kind: 'verbatim', required, trim: false });

/** A token from an e-mail link or a sign-in; long enough for any we issue. */
const tokenSchema = (required: string, max = 1_000) => text({ label: 'Token', max, required });

export const emailSchema = (required: string) =>
  text({ label: 'Email', max: 254, required }).pipe(z.email({ error: messages.invalidEmail }));

const newPasswordSchema = (required: string) =>
  passwordSchema(required).min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort });

/** Signup asks for a score of at least 2 and, like every password, at least 8 characters. */
export function isStrongEnoughForSignup(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && scorePassword(password) >= MIN_SIGNUP_PASSWORD_SCORE;
}

export const usernamePattern = /^[A-Za-z0-9._-]+$/;

export const usernameSchema = text({ label: 'Username', max: 64, required: messages.usernameRequired }).regex(
  usernamePattern,
  {
    error: 'Username may contain letters, digits, dots, dashes and underscores.',
  },
);

export const loginRequestSchema = z.object({
  // Not held to the signup pattern: a wrong name is 'Invalid username or password' like any other.
  username: text({ label: 'Username', max: 64, required: messages.usernameRequired }),
  password: passwordSchema(messages.passwordRequired),
  /** Six-digit TOTP code; required once two-factor authentication is enabled. */
  totp_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: messages.invalidTwoFactorCode })
    .optional(),
  /** One of the person's recovery codes, in place of `totp_code` (each works once). */
  recovery_code: text({ label: 'Recovery code', max: 40 }).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema(messages.passwordRequired).refine(isStrongEnoughForSignup, { error: messages.weakPassword }),
  email: emailSchema(messages.emailRequired),
  org_name: text({ label: 'Organization name', max: 120, required: messages.organizationNameRequired }),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

const optionalDetail = (label: string, max: number) => text({ label, max }).optional();

/**
 * PUT /user/profile: the caller's own details. The e-mail address is the sign-in and recovery
 * address: it may be sent (a client echoing the profile), but a different one is refused.
 */
export const updateProfileRequestSchema = z.object({
  username: usernameSchema,
  first_name: optionalDetail('First name', 100),
  last_name: optionalDetail('Last name', 100),
  phone: optionalDetail('Phone', 40).refine((phone) => !phone || /^[+()\d\s.-]{5,}$/.test(phone), {
    error: 'Please enter a valid phone number.',
  }),
  email: text({ label: 'Email', max: 254 }).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const refreshRequestSchema = z.object({ refresh_token: tokenSchema(messages.noRefreshToken) });
export const passwordResetRequestSchema = z.object({ email: emailSchema(messages.emailRequired) });
export const passwordResetConfirmSchema = z.object({
  token: tokenSchema(messages.tokenRequired),
  new_password: newPasswordSchema(messages.newPasswordRequired),
});
export const verifyEmailRequestSchema = z.object({ token: tokenSchema(messages.tokenRequired) });
export const changePasswordRequestSchema = z.object({
  user_id: userIdSchema,
  current_password: passwordSchema(messages.currentPasswordRequired),
  new_password: newPasswordSchema(messages.newPasswordRequired),
});
/** An access token (a JWT) to check. */
export const validateTokenRequestSchema = z.object({ token: tokenSchema(messages.tokenRequired, 4_000) });
export const twoFactorEnableSchema = z.object({
  secret: text({ label: 'Secret', max: 200, required: messages.secretRequired }),
  token: tokenSchema(messages.tokenRequired, 20),
});
export const twoFactorDisableSchema = z.object({ token: tokenSchema(messages.tokenRequired, 20) });
export const activateRequestSchema = z.object({
  token: tokenSchema(messages.tokenRequired),
  password: newPasswordSchema(messages.passwordRequired),
  gdpr_consent: z.literal(true, { error: messages.gdprConsentRequired }),
});

export const userSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  org_id: z.string(),
  orgId: z.string(),
  org_name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  role_id: z.string(),
  /**
   * Every scope the person's role grants as stored with it (docs/decisions/059), the administrator's
   * implied ones included: what the web app shows is decided from these, never from `role`. Absent
   * from profiles saved before the scopes were stored, which then grant nothing until reloaded.
   */
  scopes: z.array(scopeSchema).optional(),
  email_verified: z.boolean(),
  /** A link to verify the address was e-mailed (people an admin gave a password were sent none): only then does the web app ask them to follow it. */
  email_verification_sent: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The organisation requires two-factor authentication and this person has not set it up: only its setup is open to them. */
  two_factor_setup_required: z.boolean().optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** ISO 8601 instant at which `token` stops being accepted. */
  expires_at: z.string(),
  user: userSchema,
  /** Signed in with a recovery code: how many of the person's codes are left. */
  recovery_codes_remaining: z.number().int().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshResponseSchema = authResponseSchema.omit({ user: true });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const successResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
/** POST /auth/verify-email/resend: a new verification link went to this address. */
export const resendVerificationResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export const resendVerificationRequestSchema = z.object({});

export const verifyEmailResponseSchema = z.object({
  success: z.boolean(),
  /** True when verifying also sent an activation e-mail (people added by an admin or invite). */
  activation_email_sent: z.boolean(),
});
export const validateTokenResponseSchema = z.object({ valid: z.boolean(), expires_at: z.string().optional() });
export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
/** POST /auth/2fa/enable: on, with the recovery codes shown this once (only their hashes are kept). */
export const twoFactorEnableResponseSchema = z.object({ success: z.boolean(), recovery_codes: z.array(z.string()) });
/** POST /auth/2fa/recovery-codes: a new set for a current authenticator code; the earlier codes stop working. */
export const regenerateRecoveryCodesRequestSchema = z.object({ token: tokenSchema(messages.tokenRequired, 20) });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
/** GET /auth/2fa/recovery-codes: how many are left of the set, and when it was made (null: none yet). */
export const recoveryCodeStatusSchema = z.object({
  remaining: z.number().int(),
  total: z.number().int(),
  created_at: z.string().nullable(),
});

export const rolePermissionSchema = z.object({
  model_id: z.string(),
  isEnabled: z.boolean(),
  max_tokens_per_request: z.number().int(),
  monthly_token_limit: z.number().int(),
  cost_limit: z.number(),
});
export const roleSchema = z.object({
  id: z.string(),
  role_id: z.string(),
  org_id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(rolePermissionSchema),
  /** A reply may be shortened to what is left of a monthly limit instead of refused (docs/decisions/051). */
  shorten_replies_to_fit: z.boolean().optional(),
  /** The scopes the role grants, as stored (docs/decisions/059); an administrator's lists every scope. */
  scopes: z.array(scopeSchema).optional(),
  /** Every limit at the largest safe integer (spec section 5). */
  unlimited: z.boolean().optional(),
});
export type Role = z.infer<typeof roleSchema>;

/** GET and PUT /user/profile answer the caller's profile. */
export const profileResponseSchema = z.object({ user: userSchema });
