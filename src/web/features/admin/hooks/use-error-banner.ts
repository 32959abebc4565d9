import { useCallback, useState } from 'react';
import { selectErrorMessage } from '../../../lib/api-error';

/** A failure to show; `shownAt` restarts the banner's 5 s when the same text comes again. */
interface BannerMessage {
  text: string;
  shownAt: number;
}

export interface ErrorBannerState {
  message: BannerMessage | null;
  /** Shows the failure's text, chosen in spec section 8's order. */
  show: (error: unknown) => void;
  dismiss: () => void;
}

export function useErrorBanner(): ErrorBannerState {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const show = useCallback(
    (error: unknown) => setMessage({ text: selectErrorMessage(error), shownAt: performance.now() }),
    [],
  );
  const dismiss = useCallback(() => setMessage(null), []);
  return { message, show, dismiss };
}
