import { createUserRequestSchema } from '@contracts';
import { z } from 'zod';

/** Spec section 5: the create-user form's own text for a missing role. */
export const roleSelectionRequired = 'Role selection is required';

/** The server's schema for POST /user; the form names its role with a select and has no org field. */
export const createUserFormSchema = createUserRequestSchema.omit({ org_id: true, role_id: true }).extend({
  role_id: z.string().min(1, { error: roleSelectionRequired }),
});

export type CreateUserForm = z.input<typeof createUserFormSchema>;
export type CreateUserField = keyof CreateUserForm;
export const emptyCreateUserForm: CreateUserForm = { username: '', email: '', password: '', role_id: '' };

export function validateCreateUser(form: CreateUserForm) {
  const parsed = createUserFormSchema.safeParse(form);
  if (parsed.success) return { values: parsed.data, problems: {} };
  const problems: Partial<Record<CreateUserField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CreateUserField;
    problems[field] ??= issue.message;
  }
  return { values: undefined, problems };
}
