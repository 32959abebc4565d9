import { refreshResponseSchema } from '@contracts';
import type { ZodType } from 'zod';
import { ApiError, selectErrorMessage } from './api-error';
import { rememberSignInNotice } from './sign-in-notice';
import { createCrossTabLock } from './cross-tab-lock';
import { clearTokens, getStoredTokens, isTokenExpired, reloadTokensFromStorage, storeTokens } from './token-storage';

export const apiBasePath = '/api';
export const requestTimeoutMs = 10_000;
const timeoutMessage = 'The request timed out. Please try again.';

export interface ApiRequestOptions<Result> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks the answer's shape; without it the parsed JSON is returned as is. */
  schema?: ZodType<Result>;
  /** Public calls (login, signup, password reset...) send no bearer token and never refresh. */
  authenticated?: boolean;
  /** Start-up checks handle a 401 themselves instead of refreshing and redirecting. */
  refreshOnUnauthorized?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

let onAuthFailure: (() => void) | undefined;
let onTwoFactorSetupRequired: (() => void) | undefined;
let refreshInFlight: Promise<boolean> | null = null;

/** The app decides what "go to /login" means (it needs the router); the client only calls it. */
export function setAuthFailureHandler(handler: () => void): () => void {
  onAuthFailure = handler;
  return () => {
    if (onAuthFailure === handler) onAuthFailure = undefined;
  };
}

/**
 * The organisation requires two-factor authentication the person has not set up: the server
 * refuses everything but its setup (403 two_factor_setup_required) and the app sends them there.
 */
export function setTwoFactorSetupHandler(handler: () => void): () => void {
  onTwoFactorSetupRequired = handler;
  return () => {
    if (onTwoFactorSetupRequired === handler) onTwoFactorSetupRequired = undefined;
  };
}

/** Tells the app when a failed call was the two-factor refusal; every signed-in call passes its failures here. */
export function reportRefusal(error: unknown): void {
  if (error instanceof ApiError && error.code === 'two_factor_setup_required') onTwoFactorSetupRequired?.();
}

/** Refreshes take turns across the app's tabs (they share the tokens in local storage). */
const refreshLock = createCrossTabLock('tokenwise-token-refresh');

/**
 * Exchanges the refresh token once; concurrent callers in this tab share the same attempt, and of
 * several tabs one refreshes while the others wait and take its tokens from storage, so a refresh
 * token is sent once (docs/decisions/036). `refusedToken` is the access token the server refused.
 */
export function refreshSession(refusedToken: string | null = getStoredTokens().token): Promise<boolean> {
  refreshInFlight ??= refreshInTurn(refusedToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshInTurn(refusedToken: string | null): Promise<boolean> {
  const seenRefreshToken = getStoredTokens().refreshToken;
  return refreshLock.run(async () => {
    reloadTokensFromStorage();
    const current = getStoredTokens();
    if (!current.refreshToken) return false;
    const refreshedElsewhere =
      current.refreshToken !== seenRefreshToken ||
      (current.token !== null && current.token !== refusedToken && !isTokenExpired(current.expiresAt));
    return refreshedElsewhere || exchangeRefreshToken(current.refreshToken);
  });
}

async function exchangeRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    const tokens = await apiRequest('/auth/refresh', {
      method: 'POST',
      body: { refresh_token: refreshToken },
      schema: refreshResponseSchema,
      authenticated: false,
    });
    storeTokens(tokens);
    return true;
  } catch (error) {
    // The server's reason (an idle sign-in its organisation ended, a network it refuses) is shown at sign-in.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      rememberSignInNotice(error.message);
    return false;
  }
}

export async function apiRequest<Result = unknown>(
  path: string,
  options: ApiRequestOptions<Result> = {},
): Promise<Result> {
  try {
    return await requestWithRefresh(path, options);
  } catch (error) {
    reportRefusal(error);
    throw error;
  }
}

async function requestWithRefresh<Result>(path: string, options: ApiRequestOptions<Result>): Promise<Result> {
  return readAnswer(await sendWithRefresh(path, options), options.schema);
}

async function sendWithRefresh(
  path: string,
  options: ApiRequestOptions<unknown>,
  accept = 'application/json',
): Promise<Response> {
  const { authenticated = true, refreshOnUnauthorized = true } = options;
  const token = authenticated ? getStoredTokens().token : null;
  const response = await send(path, options, token, accept);
  if (response.status !== 401 || !token || !refreshOnUnauthorized) return response;

  if (!(await refreshSession(token))) {
    clearTokens();
    onAuthFailure?.();
    return response;
  }
  // One retry only: a second 401 is reported as it is, never refreshed again.
  return send(path, options, getStoredTokens().token, accept);
}

/**
 * A signed-in request for a file (an invoice's PDF, a feedback export): its bytes and the file
 * name the server gives it. GET unless `request` names another method and a JSON body.
 */
export async function apiFileRequest(
  path: string,
  accept: string,
  request: Pick<ApiRequestOptions<unknown>, 'method' | 'body'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  try {
    const response = await sendWithRefresh(path, request, accept);
    // A refusal is JSON like any other: readAnswer throws it as an ApiError.
    if (!response.ok) await readAnswer(response, undefined);
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), fileName };
  } catch (error) {
    reportRefusal(error);
    throw error;
  }
}

async function send(
  path: string,
  options: ApiRequestOptions<unknown>,
  token: string | null,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const method = options.method ?? 'GET';
  try {
    const response = await fetch(`${apiBasePath}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test')
      console.debug(`[api] ${method} ${path} -> ${response.status}`);
    return response;
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, isTimeout ? timeoutMessage : selectErrorMessage(error), undefined);
  }
}

async function readAnswer<Result>(response: Response, schema: ZodType<Result> | undefined): Promise<Result> {
  const text = await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, selectErrorMessage(undefined, body), body);
  if (!schema) return body as Result;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.warn(`[api] unexpected answer shape from ${response.url}`, parsed.error.issues);
    throw new ApiError(response.status, selectErrorMessage(undefined), body);
  }
  return parsed.data;
}
