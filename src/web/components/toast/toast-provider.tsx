import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ToastContext,
  defaultToastDurationMs,
  maximumVisibleToasts,
  type ToastApi,
  type ToastOptions,
  type ToastRecord,
  type ToastType,
} from './toast-context';
import { ToastItem } from './toast-item';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((type: ToastType, message: string, options: ToastOptions = {}) => {
    nextId.current += 1;
    const id = options.id ?? `toast-${nextId.current}`;
    const record: ToastRecord = {
      id,
      type,
      message,
      durationMs: options.durationMs ?? defaultToastDurationMs,
      keepOnNavigation: options.keepOnNavigation ?? false,
      action: options.action,
    };
    setToasts((current) => {
      const others = current.filter((toast) => toast.id !== id);
      // The oldest toasts make room for new ones once the limit is reached.
      return [...others, record].slice(-maximumVisibleToasts);
    });
    return id;
  }, []);

  const dismissForNavigation = useCallback(() => {
    setToasts((current) => {
      const kept = current.filter((toast) => toast.keepOnNavigation);
      return kept.length === current.length && kept.length === 0
        ? current
        : kept.map((toast) => ({ ...toast, keepOnNavigation: false }));
    });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      dismissForNavigation,
      info: (message, options) => show('info', message, options),
      success: (message, options) => show('success', message, options),
      warning: (message, options) => show('warning', message, options),
      error: (message, options) => show('error', message, options),
    }),
    [show, dismiss, dismissForNavigation],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed top-20 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
