import { z } from 'zod';
import { emailSchema, requiredText } from './auth';
import { messages } from './messages';

export const inviteUserRequestSchema = z.object({
  email: emailSchema(messages.emailRequired),
  role_id: requiredText(messages.roleIdRequired),
  username: z.string().trim().min(1).max(64).optional(),
});
export const inviteUserResponseSchema = z.object({ user_id: z.string(), email: z.string(), status: z.string() });
