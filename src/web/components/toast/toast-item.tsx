import { useEffect } from 'react';
import type { ToastRecord, ToastType } from './toast-context';

const styleByType: Record<ToastType, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

interface ToastItemProps {
  toast: ToastRecord;
  onDismiss: (id: string) => void;
}

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: toast.message is a trigger: a toast whose message is replaced under the same id gets its full time again
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, toast.message, onDismiss]);

  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${styleByType[toast.type]}`}
    >
      <p className="flex-1 break-words">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          onClick={() => {
            onDismiss(toast.id);
            toast.action?.onClick();
          }}
          className="-my-1 rounded px-2 py-1 font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-current"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
