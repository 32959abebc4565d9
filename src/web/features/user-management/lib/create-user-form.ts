import { createUserFieldsSchema } from '@contracts';
import { z } from 'zod';

/** Spec section 5: the create-user form's own text for a missing role. */
const roleSelectionRequired = 'Role selection is required';

/** How the new person gets in: an e-mailed invitation to choose their password (the default), or one the admin sets. */
export type SignInSetup = 'invitation' | 'password';

/** The server's fields for POST /user; the form names its role with a select and has no org field. */
const identityFields = createUserFieldsSchema.pick({ username: true, email: true }).extend({
  role_id: z.string().min(1, { error: roleSelectionRequired }),
});
const withPassword = identityFields.extend({ password: createUserFieldsSchema.shape.password.unwrap() });

export interface CreateUserForm {
  username: string;
  email: string;
  password: string;
  role_id: string;
  setup: SignInSetup;
}
export type CreateUserField = 'username' | 'email' | 'password' | 'role_id';
export type CreateUserValues =
  | { username: string; email: string; role_id: string; send_invitation: true }
  | { username: string; email: string; role_id: string; password: string };

export const emptyCreateUserForm: CreateUserForm = {
  username: '',
  email: '',
  password: '',
  role_id: '',
  setup: 'invitation',
};

/** The values to send, or each field's first problem (spec section 5's texts); an invitation needs no password. */
export function validateCreateUser(form: CreateUserForm): {
  values?: CreateUserValues;
  problems: Partial<Record<CreateUserField, string>>;
} {
  const parsed =
    form.setup === 'password'
      ? withPassword.safeParse(form)
      : identityFields.safeParse({ username: form.username, email: form.email, role_id: form.role_id });
  if (parsed.success) {
    const values: CreateUserValues =
      'password' in parsed.data
        ? { ...parsed.data, password: parsed.data.password as string }
        : { ...parsed.data, send_invitation: true };
    return { values, problems: {} };
  }
  const problems: Partial<Record<CreateUserField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CreateUserField;
    problems[field] ??= issue.message;
  }
  return { problems };
}
