import { useState } from 'react';
import { AuthCard } from '../../components/ui/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginPage() {
  const [resettingPassword, setResettingPassword] = useState(false);
  return resettingPassword ? (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm onBack={() => setResettingPassword(false)} />
    </AuthCard>
  ) : (
    <AuthCard title="Sign in to Tokenwise" subtitle="Welcome back. Sign in with your username and password.">
      <LoginForm onForgotPassword={() => setResettingPassword(true)} />
    </AuthCard>
  );
}
