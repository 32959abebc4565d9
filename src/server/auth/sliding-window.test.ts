import { describe, expect, it } from 'vitest';
import { createSlidingWindow } from './sliding-window';

function setup(limit = { max: 3, windowSeconds: 60 }) {
  let clock = 1_000_000;
  const window = createSlidingWindow(limit, () => clock);
  return { window, advance: (seconds: number) => (clock += seconds * 1000) };
}

describe('sliding window', () => {
  it('admits up to the limit, then names the wait until the oldest event leaves the window', () => {
    const { window, advance } = setup();
    expect(window.admit('10.0.0.1')).toBe(0);
    advance(10);
    expect(window.admit('10.0.0.1')).toBe(0);
    expect(window.admit('10.0.0.1')).toBe(0);
    expect(window.admit('10.0.0.1')).toBe(50);
    expect(window.admit('10.0.0.2')).toBe(0);
    advance(50);
    // The first event has left; the two later ones still count.
    expect(window.admit('10.0.0.1')).toBe(0);
    expect(window.admit('10.0.0.1')).toBe(10);
  });

  it('records nothing for a refused event, so waiting out the window is enough', () => {
    const { window, advance } = setup({ max: 1, windowSeconds: 60 });
    window.admit('a');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      advance(10);
      expect(window.admit('a')).toBeGreaterThan(0);
    }
    advance(10);
    expect(window.admit('a')).toBe(0);
  });

  it('counts recorded events without admitting, and forgets a key on request', () => {
    const { window } = setup({ max: 2, windowSeconds: 60 });
    window.record('b');
    window.record('b');
    expect(window.retryAfterSeconds('b')).toBe(60);
    window.forget('b');
    expect(window.retryAfterSeconds('b')).toBe(0);
  });
});
