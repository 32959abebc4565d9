import { messages } from '@contracts';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card';
import { FormAlert } from '../../components/ui/form-alert';
import { BackToLoginLink } from '../../features/auth/components/back-to-login-link';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-6">
          <FormAlert tone="error">{messages.missingResetToken}</FormAlert>
          <BackToLoginLink />
        </div>
      )}
    </AuthCard>
  );
}
