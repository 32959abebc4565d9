import { useSyncExternalStore } from 'react';

/** Spec section 9: the mobile breakpoint is 768 px. */
const narrowQuery = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(narrowQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Under 768 px wide: the chat collapses its sidebar and admin lists show cards instead of tables. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}
