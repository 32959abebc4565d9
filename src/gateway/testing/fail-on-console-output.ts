import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

/**
 * Makes every test of the calling file fail when it writes to console.error or console.warn
 * (the AI SDK logs errors and warnings there by default).
 */
export function failOnConsoleOutput(): void {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  });
  afterEach(() => {
    const calls = spies.flatMap((spy) => spy.mock.calls);
    for (const spy of spies) spy.mockRestore();
    expect(calls, 'console output during the test').toEqual([]);
  });
}
