import { z } from 'zod';
import { roleSchema } from './auth';
import { modelIdSchema } from './conversation';
import { organisationIdSchema, roleIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { roleScopesSchema } from './scopes';
import { text } from './text-rules';

/** What an unlimited role reports for every limit: the largest safe integer (spec sections 5 and 9). */
export const unlimitedLimit = Number.MAX_SAFE_INTEGER;

/** Limits a new role gets per model (spec section 9); the role form starts from these too. */
export const newRolePermissionDefaults = {
  max_tokens_per_request: 2000,
  monthly_token_limit: 100_000,
  cost_limit: 50,
} as const;

const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be at least 1` })
    .max(unlimitedLimit, { error: `${label} must be at most ${unlimitedLimit}` });

/** Dollars with at most two decimals (the form's step 0.01), kept exactly as cents. */
const costLimit = z
  .number({ error: 'Cost limit must be a number' })
  .min(0, { error: 'Cost limit must be at least 0' })
  .max(unlimitedLimit, { error: `Cost limit must be at most ${unlimitedLimit}` })
  .refine((dollars) => Math.abs(Math.round(dollars * 100) - dollars * 100) <= 1e-6 * Math.max(1, dollars), {
    error: 'Cost limit must have at most 2 decimal places',
  });

/** One model's row of a role as sent: omitted values take the new-role defaults. */
export const rolePermissionInputSchema = z.object({
  model_id: modelIdSchema('Model ID', messages.modelIdRequired),
  isEnabled: z.boolean({ error: 'isEnabled must be true or false' }).default(true),
  max_tokens_per_request: limit('Max tokens per request').default(newRolePermissionDefaults.max_tokens_per_request),
  monthly_token_limit: limit('Monthly token limit').default(newRolePermissionDefaults.monthly_token_limit),
  cost_limit: costLimit.default(newRolePermissionDefaults.cost_limit),
});
export type RolePermissionInput = z.infer<typeof rolePermissionInputSchema>;

const permissionsSchema = z
  .array(rolePermissionInputSchema, { error: 'Permissions must be a list' })
  .max(500, { error: 'Permissions must list at most 500 models' })
  .superRefine((permissions, context) => {
    const seen = new Set<string>();
    for (const permission of permissions) {
      if (seen.has(permission.model_id)) {
        context.addIssue({ code: 'custom', message: `Model '${permission.model_id}' is listed more than once` });
        return;
      }
      seen.add(permission.model_id);
    }
  });

/** A reply may be shortened to what is left of a monthly limit instead of refused (docs/decisions/051). */
const shortenRepliesToFit = z.boolean({ error: 'shorten_replies_to_fit must be true or false' });
const roleName = text({ label: 'Role name', max: 100, required: messages.roleNameRequired });
const roleDescription = text({ label: 'Description', max: 500, kind: 'multi-line' });
/** Every limit at the largest safe integer (spec section 5); stored with the role, set by administrators only. */
const unlimitedFlag = z.boolean({ error: 'unlimited must be true or false' });

/** POST /roles. Without permissions a new role enables every catalog model with the defaults (spec section 4). */
export const createRoleRequestSchema = z.object({
  name: roleName,
  org_id: organisationIdSchema,
  description: roleDescription.optional(),
  permissions: permissionsSchema.optional(),
  shorten_replies_to_fit: shortenRepliesToFit.optional(),
  /** Without scopes a new role grants none; administrators only (docs/decisions/059). */
  scopes: roleScopesSchema.optional(),
  unlimited: unlimitedFlag.optional(),
});
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

/** PUT /roles/{role_id}: any of the remaining fields; permissions, when sent, replace the role's list. */
export const updateRoleRequestSchema = z.object({
  name: roleName.optional(),
  org_id: organisationIdSchema.optional(),
  description: roleDescription.optional(),
  permissions: permissionsSchema.optional(),
  shorten_replies_to_fit: shortenRepliesToFit.optional(),
  scopes: roleScopesSchema.optional(),
  unlimited: unlimitedFlag.optional(),
});
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;

/** A role in the organisation's list, with how many people hold it. */
export const listedRoleSchema = roleSchema.extend({ user_count: z.number().int() });
export const roleListResponseSchema = z.object({ roles: z.array(listedRoleSchema) });

/** POST /roles/assign. */
export const assignRoleRequestSchema = z.object({
  user_id: userIdSchema,
  role_id: roleIdSchema,
  org_id: organisationIdSchema,
});

/** A user-role link (spec section 3), with the names people read. */
export const userRoleSchema = z.object({
  user_id: z.string(),
  role_id: z.string(),
  org_id: z.string(),
  role_name: z.string(),
  username: z.string(),
});
export type UserRole = z.infer<typeof userRoleSchema>;
export const userRolesResponseSchema = z.object({ user_roles: z.array(userRoleSchema) });

export const deleteRoleResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** GET /roles/usage/{orgId}: each person's use of each model in the current calendar month (UTC). */
export const userModelUsageSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  total_tokens: z.number().int(),
  total_cost: z.number(),
  monthly_usage: z.array(
    z.object({ model_id: z.string(), tokens_used: z.number().int(), cost: z.number(), requests: z.number().int() }),
  ),
});
export type UserModelUsage = z.infer<typeof userModelUsageSchema>;
export const userModelUsageResponseSchema = z.object({
  /** The month counted, 'YYYY-MM'. */
  month: z.string(),
  users: z.array(userModelUsageSchema),
});
export const userModelUsageQuerySchema = z.object({ user_id: userIdSchema.optional() });
