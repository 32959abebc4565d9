import type { LoginRequest, SignupRequest, User } from '@contracts';
import { createContext, useContext } from 'react';

/** Auth state of spec section 3 plus the actions that change it. */
export interface AuthState {
  user: User | null;
  token: string | null;
  refreshToken: string | null;
  expiresAt: string | null;
  isLoading: boolean;
  error: string | null;
  isInitialized: boolean;
  /** True after a deliberate logout: protected pages then go to /, not to /login. */
  signedOutByUser: boolean;
  /** Signs in; says how many recovery codes are left when one was used in place of the authenticator code. */
  login: (credentials: LoginRequest) => Promise<{ user: User; recoveryCodesRemaining?: number }>;
  signup: (details: SignupRequest) => Promise<User>;
  /** Finishes a sign-in through the organisation's identity provider with the callback's one-time code. */
  signInWithHandoff: (handoff: string) => Promise<User>;
  logout: () => Promise<void>;
  reloadProfile: () => Promise<void>;
  /** A call was refused until two-factor authentication is set up: route protection sends the user to its setup. */
  requireTwoFactorSetup: () => void;
  /** Used by route protection when the stored expiry has passed; false means signed out now. */
  refreshExpiredSession: () => Promise<boolean>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/** The organisation requires two-factor authentication and this person has not set it up yet. */
export function mustSetUpTwoFactor(user: User | null): boolean {
  return user?.two_factor_setup_required === true;
}
