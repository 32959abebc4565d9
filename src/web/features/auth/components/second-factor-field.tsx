import { TextField } from '../../../components/ui/text-field';

export type SecondFactorKind = 'authenticator' | 'recovery';

const switchStyle = 'text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400';

interface SecondFactorFieldProps {
  kind: SecondFactorKind;
  code: string;
  recoveryCode: string;
  onCode: (code: string) => void;
  onRecoveryCode: (code: string) => void;
  onSwitch: (kind: SecondFactorKind) => void;
}

/** The sign-in's second step: the authenticator's code, or one of the recovery codes in its place. */
export function SecondFactorField({
  kind,
  code,
  recoveryCode,
  onCode,
  onRecoveryCode,
  onSwitch,
}: SecondFactorFieldProps) {
  if (kind === 'recovery')
    return (
      <div className="space-y-2">
        <TextField
          key="recovery"
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          autoFocus
          hint="One of the codes you saved when you turned on two-factor authentication. Each works once."
          value={recoveryCode}
          onChange={(event) => onRecoveryCode(event.target.value)}
        />
        <button type="button" className={switchStyle} onClick={() => onSwitch('authenticator')}>
          Use your authenticator app
        </button>
      </div>
    );
  return (
    <div className="space-y-2">
      <TextField
        key="authenticator"
        label="Authentication code"
        name="totp_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        hint="Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app."
        value={code}
        onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
      />
      <button type="button" className={switchStyle} onClick={() => onSwitch('recovery')}>
        Use a recovery code
      </button>
    </div>
  );
}
