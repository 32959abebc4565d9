import { useEffect, useState } from 'react';
import { AuthCard } from '../../components/ui/auth-card';
import { FormAlert } from '../../components/ui/form-alert';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { forgetSignInNotice, readSignInNotice } from '../../lib/sign-in-notice';

export function LoginPage() {
  const [resettingPassword, setResettingPassword] = useState(false);
  // Why the app signed the user out, if it did (an idle sign-in ended...): shown once, on this visit.
  const [notice] = useState(readSignInNotice);
  useEffect(forgetSignInNotice, []);
  return resettingPassword ? (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm onBack={() => setResettingPassword(false)} />
    </AuthCard>
  ) : (
    <AuthCard title="Sign in to Tokenwise" subtitle="Welcome back. Sign in with your username and password.">
      {notice ? (
        <div className="mb-4">
          <FormAlert tone="info">{notice}</FormAlert>
        </div>
      ) : null}
      <LoginForm onForgotPassword={() => setResettingPassword(true)} />
    </AuthCard>
  );
}
