import { messages } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { takeRedirectPath } from '../../../lib/redirect-storage';
import { signupErrorMessage } from '../api/auth-error-messages';
import { useAuth } from '../hooks/use-auth';
import {
  findSignupFieldProblem,
  findSignupProblems,
  serverFieldProblems,
  signupFields,
  type SignupDetails,
  type SignupField,
  type SignupProblems,
} from '../lib/signup-problems';
import { PasswordStrengthMeter } from './password-strength-meter';

const emptyDetails: SignupDetails = { username: '', email: '', password: '', organizationName: '' };
const inputNames: Record<SignupField, string> = {
  username: 'username',
  email: 'email',
  password: 'password',
  organizationName: 'org_name',
};

/** Spec section 8: a 400 that names the username or the e-mail address is that field's problem. */
function fieldProblemsOf(error: unknown): SignupProblems {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fromFields = serverFieldProblems(error.fields);
  if (Object.keys(fromFields).length > 0) return fromFields;
  const shown = signupErrorMessage(error);
  if (shown === messages.usernameTaken) return { username: shown };
  if (shown === messages.emailTaken) return { email: shown };
  return {};
}

/**
 * Sign-up (spec sections 2 and 5). Each problem shows at its field, in the spec's words, and goes
 * once the field is put right; only failures that belong to no field are toasts (issue 21 item 14).
 */
export function SignupForm() {
  const { signup, isLoading } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [details, setDetails] = useState<SignupDetails>(emptyDetails);
  const [problems, setProblems] = useState<SignupProblems>({});

  const update = (field: SignupField) => (event: { target: { value: string } }) => {
    const next = { ...details, [field]: event.target.value };
    setDetails(next);
    // A field already shown wrong is checked again as it is typed, so its message goes once it is right.
    if (problems[field]) setProblems((current) => ({ ...current, [field]: findSignupFieldProblem(field, next) }));
  };

  function showProblems(form: HTMLFormElement, found: SignupProblems) {
    setProblems(found);
    const first = signupFields.find((field) => found[field]);
    if (first) (form.elements.namedItem(inputNames[first]) as HTMLInputElement | null)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = findSignupProblems(details);
    if (Object.keys(found).length > 0) return showProblems(form, found);
    setProblems({});
    try {
      await signup({
        username: details.username.trim(),
        email: details.email.trim(),
        password: details.password,
        org_name: details.organizationName.trim(),
      });
      await navigate(takeRedirectPath(), { replace: true });
    } catch (error) {
      const fromServer = fieldProblemsOf(error);
      if (Object.keys(fromServer).length > 0) return showProblems(form, fromServer);
      toast.error(signupErrorMessage(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={details.username}
        error={problems.username}
        onChange={update('username')}
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={details.email}
        error={problems.email}
        onChange={update('email')}
      />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={details.password}
          error={problems.password}
          onChange={update('password')}
          hint="At least 8 characters; mix upper case, digits and symbols for a stronger password."
        />
        <PasswordStrengthMeter password={details.password} />
      </div>
      <TextField
        label="Organization name"
        name="org_name"
        autoComplete="organization"
        value={details.organizationName}
        error={problems.organizationName}
        onChange={update('organizationName')}
      />
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-ink hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
