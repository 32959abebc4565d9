import { isStrongEnoughForSignup, messages, signupRequestSchema } from '@contracts';
import { z } from 'zod';

export interface SignupDetails {
  username: string;
  email: string;
  password: string;
  organizationName: string;
}
export type SignupField = keyof SignupDetails;
export type SignupProblems = Partial<Record<SignupField, string>>;

export const signupFields: readonly SignupField[] = ['username', 'email', 'password', 'organizationName'];

const { username: usernameRule, org_name: organisationNameRule } = signupRequestSchema.shape;
const firstIssue = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? undefined : result.error.issues[0]?.message;

/**
 * One field's problem, in spec section 5's words: the service's "… is required" for an empty field,
 * 'Please enter a valid email address.' and the password-strength text; undefined once it is fine.
 */
export function findSignupFieldProblem(field: SignupField, details: SignupDetails): string | undefined {
  switch (field) {
    case 'username':
      return details.username.trim() ? firstIssue(usernameRule.safeParse(details.username)) : messages.usernameRequired;
    case 'email':
      if (!details.email.trim()) return messages.emailRequired;
      return z.email().safeParse(details.email.trim()).success && details.email.trim().length <= 254
        ? undefined
        : messages.invalidEmail;
    case 'password':
      if (!details.password) return messages.passwordRequired;
      return isStrongEnoughForSignup(details.password) ? undefined : messages.weakPassword;
    case 'organizationName':
      return details.organizationName.trim()
        ? firstIssue(organisationNameRule.safeParse(details.organizationName))
        : messages.organizationNameRequired;
  }
}

/** Every field's problem at once, so each shows at its own field. */
export function findSignupProblems(details: SignupDetails): SignupProblems {
  const problems: SignupProblems = {};
  for (const field of signupFields) {
    const problem = findSignupFieldProblem(field, details);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const fieldByServerName: Record<string, SignupField> = {
  username: 'username',
  email: 'email',
  password: 'password',
  org_name: 'organizationName',
};

/** The server's refusals that belong to a field (a taken username or e-mail, a field its schema refused), by field. */
export function serverFieldProblems(fields: Record<string, string> | undefined): SignupProblems {
  const problems: SignupProblems = {};
  for (const [name, problem] of Object.entries(fields ?? {})) {
    const field = fieldByServerName[name];
    if (field) problems[field] = problem;
  }
  return problems;
}
