import { isStrongEnoughForSignup, messages, signupRequestSchema } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { takeRedirectPath } from '../../../lib/redirect-storage';
import { signupErrorMessage } from '../api/auth-error-messages';
import { useAuth } from '../hooks/use-auth';
import { PasswordStrengthMeter } from './password-strength-meter';

interface SignupDetails {
  username: string;
  email: string;
  password: string;
  organizationName: string;
}

const emptyDetails: SignupDetails = { username: '', email: '', password: '', organizationName: '' };

/** The first problem, in the order spec section 5 lists the form's toasts. */
export function findSignupProblem(details: SignupDetails): string | undefined {
  const { username, email, password, organizationName } = details;
  if (!username.trim() || !email.trim() || !password || !organizationName.trim()) return messages.fillAllFields;
  if (!z.email().safeParse(email.trim()).success) return messages.invalidEmail;
  if (!isStrongEnoughForSignup(password)) return messages.weakPassword;
  const parsed = signupRequestSchema.safeParse({ username, email, password, org_name: organizationName });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function SignupForm() {
  const { signup, isLoading } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [details, setDetails] = useState<SignupDetails>(emptyDetails);
  const update = (field: keyof SignupDetails) => (event: { target: { value: string } }) =>
    setDetails((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = findSignupProblem(details);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await signup({
        username: details.username.trim(),
        email: details.email.trim(),
        password: details.password,
        org_name: details.organizationName.trim(),
      });
      await navigate(takeRedirectPath(), { replace: true });
    } catch (error) {
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
        onChange={update('username')}
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={details.email}
        onChange={update('email')}
      />
      <div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={details.password}
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
