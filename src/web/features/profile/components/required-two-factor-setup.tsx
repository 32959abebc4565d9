import { organisationRuleMessages } from '@contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { takeRedirectPath } from '../../../lib/redirect-storage';
import { mustSetUpTwoFactor, useAuth } from '../../auth/hooks/use-auth';
import { TwoFactorSection } from './two-factor-section';

/**
 * The one screen open to someone whose organisation requires two-factor authentication they have
 * not set up (route protection sends them here); once it is on they continue where they were going.
 */
export function RequiredTwoFactorSetup() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const required = mustSetUpTwoFactor(user);
  const left = useRef(false);

  useEffect(() => {
    if (required || left.current) return;
    // Once only: the stored path is taken (and forgotten) here.
    left.current = true;
    void navigate(takeRedirectPath(), { replace: true });
  }, [required, navigate]);

  if (!required) return null;
  return (
    <AuthCard title="Set up two-factor authentication">
      <div className="space-y-6">
        <FormAlert tone="info">{organisationRuleMessages.twoFactorSetupRequired}</FormAlert>
        <TwoFactorSection codesDoneLabel="Continue" />
        <div className="border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          <Button variant="ghost" onClick={() => void logout()}>
            Sign out
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
