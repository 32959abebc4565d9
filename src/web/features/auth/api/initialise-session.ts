import type { User } from '@contracts';
import { refreshSession } from '../../../lib/api-client';
import { clearTokens, getStoredTokens, isTokenExpired } from '../../../lib/token-storage';
import { fetchProfile } from './session-api';

async function fetchProfileOrNull(): Promise<User | null> {
  try {
    return await fetchProfile();
  } catch {
    return null;
  }
}

async function refreshThenFetchProfile(): Promise<User | null> {
  const user = (await refreshSession()) ? await fetchProfileOrNull() : null;
  if (!user) clearTokens();
  return user;
}

/**
 * Spec section 4, "Authentication at start": no token means signed out; a past expiry with a
 * refresh token refreshes first; otherwise the profile is loaded, with one refresh if that fails.
 * Whatever cannot be recovered ends with the tokens cleared.
 */
export async function initialiseSession(): Promise<User | null> {
  const { token, refreshToken, expiresAt } = getStoredTokens();
  if (!token) return null;
  if (isTokenExpired(expiresAt) && refreshToken) return refreshThenFetchProfile();
  return (await fetchProfileOrNull()) ?? refreshThenFetchProfile();
}
