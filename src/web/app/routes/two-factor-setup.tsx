import { RequiredTwoFactorSetup } from '../../features/profile/components/required-two-factor-setup';

export function TwoFactorSetupPage() {
  return <RequiredTwoFactorSetup />;
}
