import { describe, expect, it } from 'vitest';
import { createAttemptThrottle } from './attempt-throttle';

function setup(limits = { maxPerSubject: 3, maxPerAddress: 5, windowSeconds: 60 }) {
  let clock = 1_000_000;
  const throttle = createAttemptThrottle(limits, () => clock);
  return { throttle, advance: (seconds: number) => (clock += seconds * 1000) };
}

describe('attempt throttle', () => {
  it('allows attempts below the username limit and blocks at it until the window passes', () => {
    const { throttle, advance } = setup();
    for (let attempt = 0; attempt < 2; attempt += 1) throttle.record('Alice', '10.0.0.1');
    expect(throttle.retryAfterSeconds('alice', '10.0.0.2')).toBe(0);
    throttle.record('alice', '10.0.0.1');
    expect(throttle.retryAfterSeconds('ALICE', '10.0.0.9')).toBe(60);
    advance(59);
    expect(throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(1);
    advance(1);
    expect(throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(0);
  });

  it('blocks an address that sprays many usernames', () => {
    const { throttle } = setup();
    for (const name of ['a', 'b', 'c', 'd', 'e']) throttle.record(name, '10.0.0.1');
    expect(throttle.retryAfterSeconds('fresh-user', '10.0.0.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('fresh-user', '10.0.0.2')).toBe(0);
  });

  it('forgives the username after a success but keeps counting the address', () => {
    const { throttle } = setup({ maxPerSubject: 2, maxPerAddress: 3, windowSeconds: 60 });
    throttle.record('bob', '10.0.0.1');
    throttle.record('bob', '10.0.0.1');
    throttle.forgiveSubject('bob');
    expect(throttle.retryAfterSeconds('bob', '10.0.0.3')).toBe(0);
    throttle.record('carol', '10.0.0.1');
    expect(throttle.retryAfterSeconds('dave', '10.0.0.1')).toBeGreaterThan(0);
  });
});
