import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputStyle } from '../../../components/ui/text-field';

const labelStyle = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';
const errorStyle = 'mt-1 text-sm text-red-600 dark:text-red-400';
const hintStyle = 'mt-1 text-xs text-slate-500 dark:text-slate-400';

function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className={hintStyle}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorStyle}>
          {error}
        </p>
      ) : null}
    </>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function SelectField({ label, error, hint, children, className = '', ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputStyle}
        {...selectProps}
      >
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className = '', ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputStyle}
        {...areaProps}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

export function CheckboxField({ label, checked, onChange, hint, disabled = false }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="h-4 w-4 rounded border-slate-300 text-brand focus-visible:outline-2 focus-visible:outline-brand-ink"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
      </div>
      <Messages id={id} hint={hint} />
    </div>
  );
}
