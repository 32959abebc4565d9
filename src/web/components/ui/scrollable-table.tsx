import type { ReactNode } from 'react';

/**
 * A table wider than a phone's screen, scrolled sideways in its own box. The box takes the keyboard's
 * focus so that someone without a pointer can scroll it too (axe's scrollable-region-focusable), and
 * is named so that a screen reader says what that stop is. It is `relative` so that the cells'
 * screen-reader text (absolutely placed) is placed, and clipped, within it rather than widening the page.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {children}
    </section>
  );
}
