import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { AuthResponse } from '../../../src/contracts';

// biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
export interface ApiAnswer<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  /** Client address the server sees (it trusts X-Forwarded-For in tests). */
  address?: string;
  headers?: Record<string, string>;
}

/** A real HTTP call to the server started by the global setup. */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
export async function api<Body = any>(pathname: string, options: RequestOptions = {}): Promise<ApiAnswer<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  headers['x-forwarded-for'] = options.address ?? randomAddress();
  const response = await fetch(`${inject('baseUrl')}/api${pathname}`, {
    method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text so the assertion shows it.
  }
  return { status: response.status, body: body as Body, headers: response.headers };
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

export function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export const strongPassword = 'Correct-Horse-9';

export interface SignedUpUser {
  username: string;
  email: string;
  password: string;
  auth: AuthResponse;
}

/** Signs up a new organisation with its first (admin) user. */
export async function signUpOrganisation(
  overrides: Partial<{ username: string; email: string; org_name: string }> = {},
): Promise<SignedUpUser> {
  const username = overrides.username ?? uniqueName();
  const email = overrides.email ?? `${username}@example.test`;
  const answer = await api<AuthResponse>('/auth/signup', {
    body: { username, email, password: strongPassword, org_name: overrides.org_name ?? `Org ${username}` },
  });
  if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { username, email, password: strongPassword, auth: answer.body };
}

/**
 * Signs up an organisation and subscribes it to Business with a test card (docs/decisions/040): the
 * plan that includes the routing policy, the audit log, two-factor enforcement and CSV exports
 * (docs/decisions/041).
 */
export async function signUpOnBusiness(
  overrides: Partial<{ username: string; email: string; org_name: string }> = {},
): Promise<SignedUpUser> {
  const signedUp = await signUpOrganisation(overrides);
  const { token, user } = signedUp.auth;
  const answer = await api('/subscription/purchase', {
    token,
    body: { org_id: user.org_id, plan_id: 'business', payment_method: 'card', card_number: '4242424242424242' },
  });
  if (answer.status !== 201) throw new Error(`subscribing failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return signedUp;
}
