import { z } from 'zod';

/** Every administrative change the audit log records. */
export const auditActions = [
  'role.create',
  'role.update',
  'role.delete',
  'role.assign',
  'user.create',
  'user.role_change',
  'user.remove',
  'user.invitation_resend',
  'organization.update',
  'settings.update',
  'wallet.settings_update',
  'subscription.purchase',
  'subscription.update',
  'subscription.cancel',
  'subscription.end',
  'routing.policy_update',
  'routing.calibration_reset',
  'routing.router_reset',
  'routing.cache_learner_reset',
  'user.update',
  'user.deactivate',
  'user.reactivate',
  'user.delete',
  'sso.update',
  'sso.delete',
  'sso.domain_add',
  'sso.domain_verify',
  'sso.domain_remove',
  'sso.sign_in',
  'sso.break_glass_sign_in',
  'scim.token_create',
  'scim.token_revoke',
  'group.create',
  'group.update',
  'group.delete',
  'two_factor.recovery_codes_regenerate',
  'two_factor.recovery_code_use',
  'api_key.create',
  'api_key.update',
  'api_key.revoke',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = [
  'role',
  'user',
  'organization',
  'settings',
  'wallet',
  'subscription',
  'routing',
  'api_key',
  'single_sign_on',
  'scim_token',
  'group',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One change: who made it, what it touched, when, and the values before and after (never secrets). */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  target_type: z.enum(auditTargetTypes),
  target_id: z.string(),
  actor_user_id: z.string().nullable(),
  actor_username: z.string(),
  created_at: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /org/{orgId}/audit?page&limit, newest first. */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
