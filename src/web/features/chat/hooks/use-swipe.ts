import { useRef, type TouchEvent } from 'react';

const minimumSwipePx = 60;

/** Horizontal swipes: right opens the sidebar, left closes it (spec section 2). */
export function useSwipe(onSwipeLeft: () => void, onSwipeRight: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const origin = start.current;
      start.current = null;
      if (!touch || !origin) return;
      const horizontal = touch.clientX - origin.x;
      if (Math.abs(horizontal) < minimumSwipePx || Math.abs(touch.clientY - origin.y) > Math.abs(horizontal)) return;
      if (horizontal < 0) onSwipeLeft();
      else onSwipeRight();
    },
  };
}
