import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/server';
import { startDnsTestServer, type DnsTestServer } from '../../support/dns-test-server';
import { startOidcTestProvider, type OidcTestProvider, type TestAccount } from '../../support/oidc-test-provider';
import { randomAddress, strongPassword, uniqueName } from './client';
import { ownServerConfig } from './own-server';

/**
 * A Tokenwise server with what single sign-on needs around it, all on loopback: panva's
 * oidc-provider as the organisations' identity provider, and a DNS server for the domains' TXT
 * records. The server allows the provider's loopback address (SSO_ISSUER_ALLOWED_NETWORKS) and
 * asks the DNS server (SSO_DNS_SERVERS); SSO_TRUSTED_DOMAINS vouches for `trusted.test`.
 */
export interface SingleSignOnStack {
  server: RunningServer;
  provider: OidcTestProvider;
  dns: DnsTestServer;
  close(): Promise<void>;
}

export async function startSingleSignOnStack(variables: Record<string, string> = {}): Promise<SingleSignOnStack> {
  const [provider, dns] = await Promise.all([startOidcTestProvider(), startDnsTestServer()]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-sso-'));
  const server = await startServer(
    ownServerConfig(dataDir, {
      SECRET_KEY: 's'.repeat(40),
      TRUST_PROXY: 'true',
      SSO_ISSUER_ALLOWED_NETWORKS: '127.0.0.1/32',
      SSO_DNS_SERVERS: dns.address,
      SSO_TRUSTED_DOMAINS: 'trusted.test',
      ...variables,
    }),
    { pgliteDataDir: 'memory://', webRoot: null },
  );
  return {
    server,
    provider,
    dns,
    async close() {
      await server.close();
      await Promise.all([provider.close(), dns.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
export interface Answer<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
}

/** A call to the stack's server; `cookie` is sent as is, `address` becomes X-Forwarded-For. */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
export async function call<Body = any>(
  stack: SingleSignOnStack,
  pathname: string,
  options: { method?: string; body?: unknown; token?: string; cookie?: string; address?: string } = {},
): Promise<Answer<Body>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? randomAddress() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${stack.server.url}${pathname}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON.
  }
  return { status: response.status, body: body as Body, headers: response.headers };
}

export interface StackAdministrator {
  token: string;
  userId: string;
  orgId: string;
  username: string;
  email: string;
}

export async function signUpAdministrator(stack: SingleSignOnStack, email?: string): Promise<StackAdministrator> {
  const username = uniqueName('admin');
  const address = email ?? `${username}@example.test`;
  const answer = await call(stack, '/api/auth/signup', {
    body: { username, email: address, password: strongPassword, org_name: `Org ${username}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return {
    token: answer.body.token,
    userId: answer.body.user.id,
    orgId: answer.body.user.org_id,
    username,
    email: address,
  };
}

/**
 * Subscribes the administrator's organisation to Business with a test card, once: the audit log is a
 * Business feature (docs/decisions/041).
 */
export async function subscribeToBusiness(stack: SingleSignOnStack, admin: StackAdministrator): Promise<void> {
  const current = await call(stack, `/api/subscription/plan/${admin.orgId}`, { token: admin.token });
  if (current.body?.id === 'business') return;
  const answer = await call(stack, '/api/subscription/purchase', {
    token: admin.token,
    body: { org_id: admin.orgId, plan_id: 'business', payment_method: 'card', card_number: '4242424242424242' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

export async function roleIdOf(stack: SingleSignOnStack, admin: StackAdministrator, name: string): Promise<string> {
  const answer = await call(stack, `/api/roles/organization/${admin.orgId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  const roles = (Array.isArray(answer.body) ? answer.body : answer.body.roles) as { id: string; name: string }[];
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`No role ${name}`);
  return role.id;
}

/** A unique e-mail domain for one test's organisation. */
export const uniqueDomain = () => `${uniqueName('org').toLowerCase()}.test`;

/** Claims the domain and proves it with the TXT record the server asks for, published on the stack's DNS server. */
export async function proveDomain(stack: SingleSignOnStack, admin: StackAdministrator, domain: string) {
  const added = await call(stack, `/api/org/${admin.orgId}/sso/domains`, { token: admin.token, body: { domain } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  stack.dns.txt.set(added.body.record_name, [added.body.record_value]);
  const verified = await call(stack, `/api/org/${admin.orgId}/sso/domains/${domain}/verify`, {
    method: 'POST',
    token: admin.token,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body;
}

export interface Connection {
  clientId: string;
  clientSecret: string;
  slug: string;
  domain: string;
}

/**
 * Registers a client for the organisation at the identity provider, proves a domain and saves the
 * connection (default role Member unless given). Answers what a test needs to sign people in.
 */
export async function connectOrganisation(
  stack: SingleSignOnStack,
  admin: StackAdministrator,
  options: { domain?: string; settings?: Record<string, unknown> } = {},
): Promise<Connection> {
  const domain = options.domain ?? uniqueDomain();
  const clientId = `tokenwise-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  stack.provider.addClient({
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uris: [`${stack.server.url}/api/auth/sso/callback`],
  });
  await proveDomain(stack, admin, domain);
  const slug = domain.split('.')[0]!;
  const saved = await call(stack, `/api/org/${admin.orgId}/sso`, {
    method: 'PUT',
    token: admin.token,
    body: {
      issuer: stack.provider.issuer,
      client_id: clientId,
      client_secret: clientSecret,
      slug,
      default_role_id: await roleIdOf(stack, admin, 'Member'),
      ...options.settings,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { clientId, clientSecret, slug, domain };
}

/** Adds a person to the identity provider and answers their account id (the subject). */
export function addAccount(stack: SingleSignOnStack, account: TestAccount): string {
  const accountId = `sub-${randomBytes(6).toString('hex')}`;
  stack.provider.accounts.set(accountId, account);
  return accountId;
}

/**
 * One browser: its cookies (the product's binding cookie and the provider's session), its client
 * address, and the steps of the redirect dance as a browser follows them.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  readonly address = randomAddress();

  constructor(private readonly stack: SingleSignOnStack) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: { headers: Headers }) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: this.cookieHeader(),
        'x-forwarded-for': this.address,
      },
    });
    this.keep(response);
    return response;
  }

  /** POST /api/auth/sso/start as the login page does. */
  async start(identifier: string): Promise<Answer> {
    const response = await this.fetch(`${this.stack.server.url}/api/auth/sso/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier }),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  /** At the provider: the authorization request, its login page, the account typed in; answers the redirect back (not yet followed). */
  async signInAtProvider(authorizationUrl: string, accountId: string): Promise<string> {
    const issuer = this.stack.provider.issuer;
    let response = await this.fetch(authorizationUrl);
    expect(response.status, await response.clone().text()).toBe(303);
    const interaction = new URL(response.headers.get('location')!, issuer).href;
    response = await this.fetch(interaction);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Test Identity Provider');
    response = await this.fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: accountId }).toString(),
    });
    expect(response.status).toBe(303);
    response = await this.fetch(new URL(response.headers.get('location')!, issuer).href);
    expect(response.status).toBe(303);
    const callback = response.headers.get('location')!;
    expect(callback.startsWith(`${this.stack.server.url}/api/auth/sso/callback?`)).toBe(true);
    return callback;
  }

  /** Follows the redirect back to the product; answers what the callback sends the web app: a handoff or an error code. */
  async returnToProduct(callbackUrl: string): Promise<{ handoff?: string; error?: string }> {
    const response = await this.fetch(callbackUrl);
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith('/sso/complete#')).toBe(true);
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    return { handoff: fragment.get('handoff') ?? undefined, error: fragment.get('error') ?? undefined };
  }

  /** POST /api/auth/sso/exchange as the web app's /sso/complete page does. */
  async exchange(handoff: string): Promise<Answer> {
    const response = await this.fetch(`${this.stack.server.url}/api/auth/sso/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handoff }),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  /** The whole journey for someone who gets in: answers the tokens and the user. */
  async signIn(identifier: string, accountId: string): Promise<Answer> {
    const started = await this.start(identifier);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const callback = await this.signInAtProvider(started.body.authorization_url, accountId);
    const back = await this.returnToProduct(callback);
    expect(back.error, 'the callback refused the sign-in').toBeUndefined();
    const signedIn = await this.exchange(back.handoff!);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return signedIn;
  }

  /** The journey up to the callback's answer, for refusals. */
  async attempt(identifier: string, accountId: string): Promise<{ handoff?: string; error?: string }> {
    const started = await this.start(identifier);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return this.returnToProduct(await this.signInAtProvider(started.body.authorization_url, accountId));
  }
}
