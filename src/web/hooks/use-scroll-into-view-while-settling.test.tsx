import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollIntoViewWhileSettling } from './use-scroll-into-view-while-settling';

/** A ResizeObserver the test drives: `grow()` is the page growing above the element. */
let observed: (() => void) | undefined;
class DrivenResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    observed = this.callback;
  }
  disconnect() {
    observed = undefined;
  }
}
const grow = () => observed?.();

function Target({ active }: { active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollIntoViewWhileSettling(ref, active);
  return <div ref={ref}>Provider Keys</div>;
}

let scrolls = 0;
beforeEach(() => {
  scrolls = 0;
  vi.stubGlobal('ResizeObserver', DrivenResizeObserver);
  HTMLElement.prototype.scrollIntoView = vi.fn(() => {
    scrolls += 1;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('scrolling to an element while the page settles', () => {
  it('brings it into view, and again each time the page grows, until the person scrolls', () => {
    render(<Target active />);
    expect(scrolls).toBe(1);
    grow();
    grow();
    expect(scrolls).toBe(3);
    fireEvent.wheel(window);
    grow();
    expect(scrolls).toBe(3);
  });

  it('lets go after a few seconds', () => {
    vi.useFakeTimers();
    render(<Target active />);
    vi.advanceTimersByTime(3_000);
    grow();
    expect(scrolls).toBe(1);
  });

  it('does nothing when not asked', () => {
    render(<Target active={false} />);
    grow();
    expect(scrolls).toBe(0);
  });
});
