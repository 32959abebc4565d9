import { AuthCard } from '../../components/ui/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';

export function SignupPage() {
  return (
    <AuthCard title="Create your account" subtitle="Set up Tokenwise for your organisation in a minute.">
      <SignupForm />
    </AuthCard>
  );
}
