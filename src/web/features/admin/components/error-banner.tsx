import { useEffect, useRef } from 'react';
import type { ErrorBannerState } from '../hooks/use-error-banner';

/** Spec sections 4 and 9: error banners disappear after 5 s. */
const errorBannerMs = 5000;

/** The red banner of spec section 8 for a failed load or save on an admin screen. */
export function ErrorBanner({ banner }: { banner: ErrorBannerState }) {
  const dismiss = useRef(banner.dismiss);
  dismiss.current = banner.dismiss;
  const { message } = banner;
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => dismiss.current(), errorBannerMs);
    return () => clearTimeout(timer);
  }, [message]);
  if (message === null) return null;
  return (
    <div
      role="alert"
      data-testid="error-banner"
      className="mb-4 flex items-start justify-between gap-3 rounded-md bg-red-600 px-4 py-3 text-sm text-white"
    >
      <span>{message.text}</span>
      <button
        type="button"
        onClick={() => dismiss.current()}
        aria-label="Dismiss"
        className="rounded px-1 leading-none text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        ×
      </button>
    </div>
  );
}
