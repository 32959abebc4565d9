import { useEffect, useRef } from 'react';

/** Spec section 4: error banners disappear after 5 s. */
export const errorBannerMs = 5000;

export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  // The screen re-renders every 10 ms while a reply streams; the timer must not restart then.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const timer = setTimeout(() => dismiss.current(), errorBannerMs);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div role="alert" data-testid="error-banner" className="mx-3 mt-2 rounded-md bg-red-600 px-3 py-2 text-sm text-white">
      {message}
    </div>
  );
}
