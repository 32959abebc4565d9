import { useMutation, useQuery } from '@tanstack/react-query';
import { useToast } from '../../../components/toast/toast-context';
import { selectErrorMessage } from '../../../lib/api-error';
import { getRecoveryCodeStatus, regenerateRecoveryCodes } from '../api/two-factor-api';
import { VerificationCodeForm } from './verification-code-form';

export const recoveryCodeStatusKey = ['two-factor', 'recovery-codes'] as const;

function statusText(status: { remaining: number; total: number } | undefined): string {
  if (!status) return 'Recovery codes: loading...';
  if (status.total === 0) return 'You have no recovery codes yet. Make a set, and keep it somewhere safe.';
  return `${status.remaining} of ${status.total} recovery codes left.${status.remaining <= 2 ? ' Make new ones soon.' : ''}`;
}

/** With two-factor on: how many recovery codes are left, and a new set for a current authenticator code. */
export function RecoveryCodeManager({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const toast = useToast();
  const status = useQuery({ queryKey: recoveryCodeStatusKey, queryFn: getRecoveryCodeStatus });
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (answer) => onNewCodes(answer.recovery_codes),
    onError: (error) => toast.error(selectErrorMessage(error)),
  });
  return (
    <div className="space-y-2">
      <h3 className="font-medium text-slate-900 dark:text-white">Recovery codes</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="recovery-code-status">
        {status.isError ? selectErrorMessage(status.error) : statusText(status.data)}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">New codes replace the old ones, which stop working.</p>
      <VerificationCodeForm
        label="Code to make new recovery codes"
        submitLabel="Generate new codes"
        pendingLabel="Generating..."
        variant="primary"
        pending={regenerate.isPending}
        onSubmit={(code) => regenerate.mutate(code)}
      />
    </div>
  );
}
