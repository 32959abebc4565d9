import { createContext, useContext } from 'react';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  /** A toast with the same id replaces the earlier one instead of stacking. */
  id?: string;
  durationMs?: number;
}

export interface ToastRecord {
  id: string;
  type: ToastType;
  message: string;
  durationMs: number;
}

export interface ToastApi {
  show: (type: ToastType, message: string, options?: ToastOptions) => string;
  info: (message: string, options?: ToastOptions) => string;
  success: (message: string, options?: ToastOptions) => string;
  warning: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
}

export const defaultToastDurationMs = 5000;
export const maximumVisibleToasts = 20;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
