import { messages } from '@contracts';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card';
import { FormAlert } from '../../components/ui/form-alert';
import { BackToLoginLink } from '../../features/auth/components/back-to-login-link';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status';

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title="Email verification">
      {token ? (
        <VerifyEmailStatus token={token} />
      ) : (
        <div className="space-y-6">
          <FormAlert tone="error">{messages.missingVerifyToken}</FormAlert>
          <BackToLoginLink />
        </div>
      )}
    </AuthCard>
  );
}
