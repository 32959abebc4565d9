import type { AuthResponse, LoginRequest, SignupRequest, User } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { refreshSession } from '../../../lib/api-client';
import { selectErrorMessage } from '../../../lib/api-error';
import { clearTokens, getStoredTokens, storeTokens, subscribeToTokens } from '../../../lib/token-storage';
import { initialiseSession } from '../api/initialise-session';
import {
  exchangeSingleSignOnRequest,
  fetchProfile,
  loginRequest,
  logoutRequest,
  signupRequest,
} from '../api/session-api';
import { AuthContext, type AuthState } from '../hooks/use-auth';

export function AuthProvider({ children }: { children: ReactNode }) {
  const tokens = useSyncExternalStore(subscribeToTokens, getStoredTokens);
  const queryClient = useQueryClient();
  const [loadedUser, setLoadedUser] = useState<User | null>(null);
  const [isInitialized, setInitialized] = useState(false);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const initialisation = useRef<Promise<void> | null>(null);

  useEffect(() => {
    // Strict mode runs effects twice; the session must be initialised (and refreshed) only once.
    initialisation.current ??= initialiseSession()
      .then(setLoadedUser)
      .finally(() => setInitialized(true));
  }, []);

  // Tokens cleared anywhere (a failed refresh in the API client, another tab) sign the user out.
  const user = tokens.token ? loadedUser : null;

  const startSession = useCallback(async (request: () => Promise<AuthResponse>) => {
    setLoading(true);
    setError(null);
    setSignedOutByUser(false);
    try {
      const answer = await request();
      // Nobody must see the previous user next to the new tokens, even for one render.
      setLoadedUser(null);
      storeTokens(answer);
      const profile = await fetchProfile().catch(() => answer.user);
      setLoadedUser(profile);
      return { profile, answer };
    } catch (failure) {
      setError(selectErrorMessage(failure));
      throw failure;
    } finally {
      setLoading(false);
    }
  }, []);

  const logout = useCallback(async () => {
    // Set before the tokens go, so the page being left already knows not to ask for a login.
    setSignedOutByUser(true);
    try {
      if (getStoredTokens().token) await logoutRequest();
    } catch {
      // Spec section 4: logout clears the session even when the server call fails.
    }
    clearTokens();
    setLoadedUser(null);
    queryClient.clear();
  }, [queryClient]);

  const reloadProfile = useCallback(async () => {
    setLoadedUser(await fetchProfile());
  }, []);

  const requireTwoFactorSetup = useCallback(() => {
    setLoadedUser((current) =>
      current && !current.two_factor_setup_required ? { ...current, two_factor_setup_required: true } : current,
    );
  }, []);

  const refreshExpiredSession = useCallback(async () => {
    const refreshed = await refreshSession();
    if (!refreshed) clearTokens();
    return refreshed;
  }, []);

  const state = useMemo<AuthState>(
    () => ({
      user,
      token: tokens.token,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      isLoading,
      error,
      isInitialized,
      signedOutByUser,
      login: async (credentials: LoginRequest) => {
        const { profile, answer } = await startSession(() => loginRequest(credentials));
        return { user: profile, recoveryCodesRemaining: answer.recovery_codes_remaining };
      },
      signup: async (details: SignupRequest) => (await startSession(() => signupRequest(details))).profile,
      signInWithHandoff: async (handoff: string) =>
        (await startSession(() => exchangeSingleSignOnRequest(handoff))).profile,
      logout,
      reloadProfile,
      requireTwoFactorSetup,
      refreshExpiredSession,
    }),
    [
      user,
      tokens,
      isLoading,
      error,
      isInitialized,
      signedOutByUser,
      startSession,
      logout,
      reloadProfile,
      requireTwoFactorSetup,
      refreshExpiredSession,
    ],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
