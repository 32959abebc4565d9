import { describe, expect, it, vi } from 'vitest';
import { getStoredTokens, reloadTokensFromStorage, storeTokens, subscribeToTokens } from './token-storage';

describe('token storage', () => {
  it('tells subscribers when a reload finds other tokens, and only then', () => {
    storeTokens({ token: 'access-1', refresh_token: 'refresh-1', expires_at: '2000-01-01T00:00:00.000Z' });
    const listener = vi.fn();
    const unsubscribe = subscribeToTokens(listener);
    const before = getStoredTokens();
    // A refresh turn re-reads storage: unchanged, the signed-in page must not re-render (it would show a spinner).
    reloadTokensFromStorage();
    expect(listener).not.toHaveBeenCalled();
    expect(getStoredTokens()).toBe(before);
    // Another tab stored new tokens.
    localStorage.setItem('token', 'access-2');
    localStorage.setItem('refreshToken', 'refresh-2');
    reloadTokensFromStorage();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getStoredTokens()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    unsubscribe();
  });
});
