import { createContext, useContext } from 'react';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

/** One button in the toast (e.g. Undo); choosing it also closes the toast. */
interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** A toast with the same id replaces the earlier one instead of stacking. */
  id?: string;
  durationMs?: number;
  /** For a toast that announces a page change (logged out): it stays through that change, not the next. */
  keepOnNavigation?: boolean;
  action?: ToastAction;
}

export interface ToastRecord {
  id: string;
  type: ToastType;
  message: string;
  durationMs: number;
  keepOnNavigation: boolean;
  action?: ToastAction;
}

export interface ToastApi {
  show: (type: ToastType, message: string, options?: ToastOptions) => string;
  info: (message: string, options?: ToastOptions) => string;
  success: (message: string, options?: ToastOptions) => string;
  warning: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  /** The page changed: what earlier toasts said is about a page no longer shown, so they go. */
  dismissForNavigation: () => void;
}

export const defaultToastDurationMs = 5000;
export const maximumVisibleToasts = 20;
/** Logging out says so in one toast: each step replaces the one before. */
export const logoutToastId = 'logout';

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
