import { type RefObject, useEffect } from 'react';

/** How long a page may keep growing above the element before we leave the scroll alone. */
const settleMs = 3_000;

/**
 * Brings the element into view while `active`, and keeps it there as the page settles: cards above
 * it that load after it (their data arrives later) push it down, and at the top of the page the
 * browser's scroll anchoring does not hold it. It stops once the person scrolls, types or touches
 * the page themselves, or after a few seconds.
 */
export function useScrollIntoViewWhileSettling(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const bringIntoView = () => element.scrollIntoView?.({ block: 'start' });
    bringIntoView();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bringIntoView);
    observer.observe(document.body);
    const stopEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const event of stopEvents) window.removeEventListener(event, stop);
    };
    const timer = setTimeout(stop, settleMs);
    for (const event of stopEvents) window.addEventListener(event, stop, { passive: true });
    return stop;
  }, [ref, active]);
}
