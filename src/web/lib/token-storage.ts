/**
 * Session tokens in localStorage under the keys spec section 9 fixes. Components read them through
 * `useSyncExternalStore`, so a refresh done by the API client re-renders whoever depends on them.
 */
const tokenStorageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  expiresAt: 'token_expires_at',
} as const;

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
  expiresAt: string | null;
}

export interface TokenSet {
  token: string;
  refresh_token: string;
  expires_at?: string | null;
}

const listeners = new Set<() => void>();
let snapshot: StoredTokens = readFromStorage();

function readFromStorage(): StoredTokens {
  return {
    token: localStorage.getItem(tokenStorageKeys.token),
    refreshToken: localStorage.getItem(tokenStorageKeys.refreshToken),
    expiresAt: localStorage.getItem(tokenStorageKeys.expiresAt),
  };
}

function publish(): void {
  const stored = readFromStorage();
  // Unchanged tokens keep their snapshot and wake no one: a re-render while the token has expired
  // would swap the signed-in page for a spinner and lose what it was doing (a message being sent).
  if (
    stored.token === snapshot.token &&
    stored.refreshToken === snapshot.refreshToken &&
    stored.expiresAt === snapshot.expiresAt
  )
    return;
  snapshot = stored;
  for (const listener of listeners) listener();
}

export function getStoredTokens(): StoredTokens {
  return snapshot;
}

export function subscribeToTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeTokens(tokens: TokenSet): void {
  localStorage.setItem(tokenStorageKeys.token, tokens.token);
  localStorage.setItem(tokenStorageKeys.refreshToken, tokens.refresh_token);
  if (tokens.expires_at) localStorage.setItem(tokenStorageKeys.expiresAt, tokens.expires_at);
  else localStorage.removeItem(tokenStorageKeys.expiresAt);
  publish();
}

export function clearTokens(): void {
  for (const key of Object.values(tokenStorageKeys)) localStorage.removeItem(key);
  publish();
}

/** Re-reads storage (telling subscribers only of a change); tests and other tabs change it behind this module's back. */
export function reloadTokensFromStorage(): void {
  publish();
}

export function isTokenExpired(expiresAt: string | null, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const expiry = Date.parse(expiresAt);
  return Number.isFinite(expiry) && expiry <= now;
}
