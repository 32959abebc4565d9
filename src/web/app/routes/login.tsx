import { useEffect, useState } from 'react';
import { AuthCard } from '../../components/ui/auth-card';
import { FormAlert } from '../../components/ui/form-alert';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { SingleSignOnForm } from '../../features/auth/components/single-sign-on-form';
import { forgetSignInNotice, readSignInNotice } from '../../lib/sign-in-notice';

type LoginMode = 'password' | 'reset' | 'single-sign-on';

export function LoginPage() {
  const [mode, setMode] = useState<LoginMode>('password');
  // Why the app signed the user out, if it did (an idle sign-in ended...): shown once, on this visit.
  const [notice] = useState(readSignInNotice);
  useEffect(forgetSignInNotice, []);
  if (mode === 'reset')
    return (
      <AuthCard title="Reset your password">
        <ForgotPasswordForm onBack={() => setMode('password')} />
      </AuthCard>
    );
  if (mode === 'single-sign-on')
    return (
      <AuthCard title="Sign in with single sign-on" subtitle="Use your organization's identity provider.">
        <SingleSignOnForm onBack={() => setMode('password')} />
      </AuthCard>
    );
  return (
    <AuthCard title="Sign in to Tokenwise" subtitle="Welcome back. Sign in with your username and password.">
      {notice ? (
        <div className="mb-4">
          <FormAlert tone="info">{notice}</FormAlert>
        </div>
      ) : null}
      <LoginForm onForgotPassword={() => setMode('reset')} onSingleSignOn={() => setMode('single-sign-on')} />
    </AuthCard>
  );
}
