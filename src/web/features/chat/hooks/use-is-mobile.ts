import { useSyncExternalStore } from 'react';

/** Spec section 9: the mobile breakpoint is 768 px. */
const mobileQuery = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(mobileQuery).matches, () => false);
}
