import { z } from 'zod';
import { emailSchema, usernameSchema } from './auth';
import { organisationIdSchema, roleIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { isDomainName } from './network-rules';
import { text } from './text-rules';

export const inviteUserRequestSchema = z.object({
  email: emailSchema(messages.emailRequired),
  role_id: roleIdSchema,
  username: usernameSchema.optional(),
});
export const organisationPathSchema = z.object({ orgId: organisationIdSchema });
export const inviteUserResponseSchema = z.object({ user_id: z.string(), email: z.string(), status: z.string() });

/** GET /roles/{roleId} and the role routes' path. */
export const rolePathSchema = z.object({ roleId: roleIdSchema });

/** Company sizes the organisation form offers (spec section 5). */
export const organisationSizes = ['1-10', '11-50', '51-200', '201-500', '501+'] as const;

/** GET /org/me and GET /org/{orgId} (spec section 3). */
export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  size: z.string().nullable(),
  industry: z.string().nullable(),
  contact_email: z.string().nullable(),
  subscription_tier: z.string(),
  created_at: z.string(),
  /** People in the organisation, removed ones left out. */
  total_users: z.number().int(),
  total_roles: z.number().int(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** An empty text reads as null (cleared); the field's own messages stay its own. */
const clearable = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable()).optional();

/**
 * PUT /org/{orgId}: the name is required; any other field left out stays as it is, and an empty
 * or null domain, size or industry clears it. The contact address can be changed, not removed.
 */
export const updateOrganisationRequestSchema = z.object({
  name: text({ label: 'Name', max: 120, required: messages.nameRequired }),
  domain: clearable(
    text({ label: 'Domain', max: 253 })
      .transform((domain) => domain.toLowerCase())
      .refine(isDomainName, { error: 'Domain must be a domain name, such as example.com' }),
  ),
  size: clearable(z.enum(organisationSizes, { error: `Size must be one of ${organisationSizes.join(', ')}` })),
  industry: clearable(text({ label: 'Industry', max: 100 })),
  contact_email: emailSchema(messages.contactEmailRequired).optional(),
});
export type UpdateOrganisationRequest = z.infer<typeof updateOrganisationRequestSchema>;

const createUserPassword = text({
  label: 'Password',
  max: 256,
  kind: 'verbatim',
  required: messages.passwordRequired,
  trim: false,
}).min(8, {
  error: messages.createUserPasswordTooShort,
});

/**
 * POST /user's fields (spec sections 3 and 5). With a password the person is active and signs in
 * with it at once; with `send_invitation` instead they get an e-mail whose link lets them choose
 * their own password (issue 21), and join when they do.
 */
export const createUserFieldsSchema = z.object({
  username: usernameSchema,
  email: text({ label: 'Email', max: 254, required: messages.emailRequired }).pipe(
    z.email({ error: messages.emailInvalid }),
  ),
  password: createUserPassword.optional(),
  org_id: organisationIdSchema,
  role_id: roleIdSchema,
  send_invitation: z.boolean({ error: 'send_invitation must be true or false' }).optional(),
});

/** A password, or an invitation to choose one: exactly one of the two. */
export function requirePasswordOrInvitation(
  values: { password?: string; send_invitation?: boolean },
  context: z.RefinementCtx,
): void {
  if (values.send_invitation && values.password !== undefined)
    context.addIssue({ code: 'custom', path: ['password'], message: messages.invitedChoosePassword });
  if (!values.send_invitation && values.password === undefined)
    context.addIssue({ code: 'custom', path: ['password'], message: messages.passwordRequired });
}

export const createUserRequestSchema = createUserFieldsSchema.superRefine(requirePasswordOrInvitation);
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** One person of GET /org/{orgId}/users; `name` is the username (spec section 7). */
export const organisationUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role_name: z.string(),
  role_id: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OrganisationUser = z.infer<typeof organisationUserSchema>;

/** A whole number from 1 to `max` in a query string, refused with its label's message otherwise. */
export const pageNumber = (label: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: `${label} must be a whole number from 1 to ${max}` })
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: `${label} must be a whole number from 1 to ${max}` });

/** ?page&limit of paged lists: defaults 1 and 20, at most 100 a page (spec section 9). */
export const pageQuerySchema = z.object({
  page: pageNumber('Page', 999_999).optional().default(1),
  limit: pageNumber('Limit', 100).optional().default(20),
});

export const organisationUsersResponseSchema = z.object({
  users: z.array(organisationUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const organisationUserPathSchema = z.object({ orgId: organisationIdSchema, userId: userIdSchema });
/** PUT /org/{orgId}/users/{userId}/role. */
export const changeUserRoleRequestSchema = z.object({ role_id: roleIdSchema });
export const createdUserResponseSchema = z.object({
  user: organisationUserSchema,
  /** POST /user with `send_invitation`: the invitation e-mail went out (its link lets them choose a password). */
  invitation_sent: z.boolean().optional(),
});
/** POST /org/{orgId}/users/{userId}/invitation: a new invitation link went to this address; the earlier one no longer works. */
export const resentInvitationResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export const removedUserResponseSchema = z.object({ success: z.boolean(), message: z.string() });
