import {
  authResponseSchema,
  profileResponseSchema,
  singleSignOnStartResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type SignupRequest,
  type User,
} from '@contracts';
import { apiRequest } from '../../../lib/api-client';

export function loginRequest(credentials: LoginRequest): Promise<AuthResponse> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: credentials,
    schema: authResponseSchema,
    authenticated: false,
  });
}

export function signupRequest(details: SignupRequest): Promise<AuthResponse> {
  return apiRequest('/auth/signup', {
    method: 'POST',
    body: details,
    schema: authResponseSchema,
    authenticated: false,
  });
}

export async function logoutRequest(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST', refreshOnUnauthorized: false });
}

/** Start-up and post-login loads handle a 401 themselves (spec section 4), so no auto-refresh here. */
export async function fetchProfile(): Promise<User> {
  const answer = await apiRequest('/user/profile', { schema: profileResponseSchema, refreshOnUnauthorized: false });
  return answer.user;
}

/** POST /auth/sso/start: where to send the browser for its organisation's identity provider. */
export function startSingleSignOnRequest(identifier: string): Promise<{ authorization_url: string }> {
  return apiRequest('/auth/sso/start', {
    method: 'POST',
    body: { identifier },
    schema: singleSignOnStartResponseSchema,
    authenticated: false,
  });
}

/** POST /auth/sso/exchange: the callback's one-time code for the sign-in's tokens (the binding cookie goes along). */
export function exchangeSingleSignOnRequest(handoff: string): Promise<AuthResponse> {
  return apiRequest('/auth/sso/exchange', {
    method: 'POST',
    body: { handoff },
    schema: authResponseSchema,
    authenticated: false,
  });
}
