import { messages } from '@contracts';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card';
import { FormAlert } from '../../components/ui/form-alert';
import { ActivateAccountForm } from '../../features/auth/components/activate-account-form';
import { BackToLoginLink } from '../../features/auth/components/back-to-login-link';

export function ActivatePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title="Activate your account" subtitle="Choose a password to finish setting up your Tokenwise account.">
      {token ? (
        <ActivateAccountForm token={token} />
      ) : (
        <div className="space-y-6">
          <FormAlert tone="error">{messages.missingActivationToken}</FormAlert>
          <BackToLoginLink />
        </div>
      )}
    </AuthCard>
  );
}
