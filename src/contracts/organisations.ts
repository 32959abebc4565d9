import { z } from 'zod';
import { emailSchema, roleSchema, usernameSchema } from './auth';
import { organisationIdSchema, roleIdSchema } from './ids';
import { messages } from './messages';

export const inviteUserRequestSchema = z.object({
  email: emailSchema(messages.emailRequired),
  role_id: roleIdSchema,
  username: usernameSchema.optional(),
});
export const organisationPathSchema = z.object({ orgId: organisationIdSchema });
export const inviteUserResponseSchema = z.object({ user_id: z.string(), email: z.string(), status: z.string() });

/** GET /roles/{roleId} and the organisation's role list. */
export const rolePathSchema = z.object({ roleId: roleIdSchema });
export const rolesResponseSchema = z.object({ roles: z.array(roleSchema) });
