import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

interface VerificationCodeFormProps {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  variant?: 'primary' | 'danger';
  onSubmit: (code: string) => void;
}

/** A six-digit authenticator code and one button; used to enable and to disable two-factor. */
export function VerificationCodeForm({
  label,
  submitLabel,
  pendingLabel,
  pending,
  variant = 'primary',
  onSubmit,
}: VerificationCodeFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setProblem('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setProblem(undefined);
    onSubmit(code);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label={label}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="sm:w-56"
        value={code}
        error={problem}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" variant={variant} disabled={pending} className="sm:mb-[1px]">
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
