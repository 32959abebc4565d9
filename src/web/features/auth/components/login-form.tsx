import { messages } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { takeRedirectPath } from '../../../lib/redirect-storage';
import { isTwoFactorRequired, loginErrorMessage } from '../api/auth-error-messages';
import { useAuth } from '../hooks/use-auth';
import { SecondFactorField, type SecondFactorKind } from './second-factor-field';

const codePattern = /^\d{6}$/;

/** After a sign-in with a recovery code: how many are left, and where to make new ones. */
function recoveryCodeUsedNotice(remaining: number): string {
  const left = remaining === 0 ? 'That was your last one' : `${remaining} ${remaining === 1 ? 'is' : 'are'} left`;
  return `You signed in with a recovery code. ${left}: make new ones in Profile Settings, Security.`;
}

export function LoginForm({
  onForgotPassword,
  onSingleSignOn,
}: {
  onForgotPassword: () => void;
  /** The organisation signs in through its identity provider: the page offers that instead. */
  onSingleSignOn: () => void;
}) {
  const { login, isLoading } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorKind>('authenticator');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');

  function secondFactorFields() {
    if (!codeNeeded) return {};
    return secondFactor === 'authenticator' ? { totp_code: code.trim() } : { recovery_code: recoveryCode.trim() };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast.error(messages.enterUsernameAndPassword);
      return;
    }
    if (codeNeeded && secondFactor === 'authenticator' && !codePattern.test(code.trim())) {
      toast.error('Enter the 6-digit code from your authenticator app.');
      return;
    }
    if (codeNeeded && secondFactor === 'recovery' && !recoveryCode.trim()) {
      toast.error('Enter one of your recovery codes.');
      return;
    }
    try {
      const { recoveryCodesRemaining } = await login({ username: username.trim(), password, ...secondFactorFields() });
      if (recoveryCodesRemaining !== undefined)
        toast.warning(recoveryCodeUsedNotice(recoveryCodesRemaining), { keepOnNavigation: true, durationMs: 15_000 });
      await navigate(takeRedirectPath(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'single_sign_on_required') {
        toast.info(error.message);
        onSingleSignOn();
        return;
      }
      if (isTwoFactorRequired(error) && !codeNeeded) {
        setCodeNeeded(true);
        toast.info('Enter the 6-digit code from your authenticator app to finish signing in.');
        return;
      }
      toast.error(isTwoFactorRequired(error) ? messages.invalidTwoFactorCode : loginErrorMessage(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {codeNeeded ? (
        <SecondFactorField
          kind={secondFactor}
          code={code}
          recoveryCode={recoveryCode}
          onCode={setCode}
          onRecoveryCode={setRecoveryCode}
          onSwitch={setSecondFactor}
        />
      ) : null}
      <div className="flex justify-end">
        <button type="button" onClick={onForgotPassword} className="text-sm font-medium text-brand-ink hover:underline">
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? 'Signing In...' : 'Sign in'}
      </Button>
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button variant="secondary" className="w-full" onClick={onSingleSignOn}>
        Continue with single sign-on
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        New to Tokenwise?{' '}
        <Link to="/signup" className="font-medium text-brand-ink hover:underline">
          Create an account
        </Link>
      </p>
    </form>
  );
}
