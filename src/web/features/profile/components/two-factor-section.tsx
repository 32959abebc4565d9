import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { selectErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../auth/hooks/use-auth';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from '../api/two-factor-api';
import { RecoveryCodeManager, recoveryCodeStatusKey } from './recovery-code-manager';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { VerificationCodeForm } from './verification-code-form';

/**
 * Two-factor authentication: set it up (then save the recovery codes it gives, shown once), make
 * new recovery codes, or turn it off. `codesDoneLabel` names the button that leaves the codes.
 */
export function TwoFactorSection({ codesDoneLabel = 'Done' }: { codesDoneLabel?: string }) {
  const { user, reloadProfile } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  // Codes just made, shown until the person says they saved them; the profile is read again then.
  const [freshCodes, setFreshCodes] = useState<string[]>();
  const onError = (error: unknown) => toast.error(selectErrorMessage(error));
  const setup = useMutation({ mutationFn: startTwoFactorSetup, onError });
  const enable = useMutation({
    mutationFn: (code: string) => enableTwoFactor(setup.data?.secret ?? '', code),
    onSuccess: (answer) => {
      toast.success('Two-factor authentication is now on.');
      setup.reset();
      setFreshCodes(answer.recovery_codes);
    },
    onError,
  });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      toast.success('Two-factor authentication is now off.');
      await queryClient.invalidateQueries({ queryKey: recoveryCodeStatusKey });
      await reloadProfile().catch(onError);
    },
    onError,
  });
  const finishCodes = async () => {
    setFreshCodes(undefined);
    await queryClient.invalidateQueries({ queryKey: recoveryCodeStatusKey });
    await reloadProfile().catch(onError);
  };
  const enabled = user?.two_factor_enabled === true || freshCodes !== undefined;

  return (
    <section aria-labelledby="two-factor-title" className="space-y-4">
      <div>
        <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Two-factor authentication
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Status: <strong data-testid="two-factor-status">{enabled ? 'On' : 'Off'}</strong>. With it on, signing in also
          asks for a code from an authenticator app.
        </p>
      </div>
      {freshCodes ? (
        <RecoveryCodesPanel codes={freshCodes} doneLabel={codesDoneLabel} onDone={() => void finishCodes()} />
      ) : enabled ? (
        <div className="space-y-6">
          <RecoveryCodeManager onNewCodes={setFreshCodes} />
          <VerificationCodeForm
            label="Code to turn it off"
            submitLabel="Disable"
            pendingLabel="Disabling..."
            variant="danger"
            pending={disable.isPending}
            onSubmit={(code) => disable.mutate(code)}
          />
        </div>
      ) : setup.data ? (
        <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Scan this code with your authenticator app, or add the key below by hand, then enter the code it shows.
          </p>
          {/* Dark modules on white in both themes, with a quiet zone: what camera apps read reliably. */}
          <div className="inline-block rounded-md bg-white p-3">
            <QRCodeSVG
              value={setup.data.otpauth_url}
              size={176}
              marginSize={2}
              level="M"
              role="img"
              aria-label="QR code for your authenticator app"
              data-testid="totp-qr-code"
            />
          </div>
          <dl className="space-y-2 text-sm">
            <dt className="font-medium">Secret key</dt>
            <dd data-testid="totp-secret" className="font-mono break-all select-all">
              {setup.data.secret}
            </dd>
            <dt className="font-medium">Setup link (otpauth)</dt>
            <dd className="font-mono text-xs break-all text-slate-600 select-all dark:text-slate-400">
              {setup.data.otpauth_url}
            </dd>
          </dl>
          <VerificationCodeForm
            label="Authentication code"
            submitLabel="Enable"
            pendingLabel="Enabling..."
            pending={enable.isPending}
            onSubmit={(code) => enable.mutate(code)}
          />
        </div>
      ) : (
        <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending ? 'Preparing...' : 'Set up two-factor authentication'}
        </Button>
      )}
    </section>
  );
}
