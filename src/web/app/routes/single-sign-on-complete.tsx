import { AuthCard } from '../../components/ui/auth-card';
import { SingleSignOnCompletion } from '../../features/auth/components/single-sign-on-completion';

export function SingleSignOnCompletePage() {
  return (
    <AuthCard title="Single sign-on">
      <SingleSignOnCompletion />
    </AuthCard>
  );
}
