import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { TextField } from './text-field';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="rounded px-2 py-1 text-xs font-medium text-brand-ink hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-brand-ink dark:hover:bg-slate-800"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
