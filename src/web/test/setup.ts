import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { reloadTokensFromStorage } from '../lib/token-storage';
import { installMatchMedia } from './match-media';

// Lazy route chunks load slowly on a busy 2-core CI machine; waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

let consoleErrorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  installMatchMedia(false);
  consoleErrorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  reloadTokensFromStorage();
  document.documentElement.className = '';
  vi.unstubAllGlobals();
  const errors = consoleErrorSpy.mock.calls.map((call) => call.map(String).join(' '));
  vi.restoreAllMocks();
  // Style guide: console.error during a test is a failure.
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
