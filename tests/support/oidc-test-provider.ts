import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** Someone the identity provider knows, with the claims it vouches for. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * panva's certified OpenID provider on loopback, as an organisation's identity provider in tests.
 * Its login page (`/interaction/:uid`) is a small form: the account's id typed in and submitted signs
 * that account in and grants the requested scopes, so browsers and API tests go through the real
 * authorization code flow. `tamperNextIdToken` re-signs the next ID token the token endpoint gives,
 * with the provider's own key, after changing its claims: a provider gone wrong, for the relying
 * party's checks.
 */
export interface OidcTestProvider {
  issuer: string;
  port: number;
  accounts: Map<string, TestAccount>;
  addClient(client: TestClient): void;
  /** Changes the claims of the next ID token issued (once). */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  /** How many times the token endpoint answered. */
  tokenRequests(): number;
  close(): Promise<void>;
}

export async function startOidcTestProvider(options: { port?: number } = {}): Promise<OidcTestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyId = `test-${randomBytes(4).toString('hex')}`;
  const signingKey = { ...(await exportJWK(privateKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  let tokenAnswers = 0;
  // oidc-provider keeps its sessions, codes, grants and clients here; clients added later are found by id.
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt?: number }>();

  const server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(store),
    jwks: { keys: [signingKey] },
    findAccount: (_context, accountId) => {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return { accountId, claims: () => ({ sub: accountId, ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    renderError: (context, output) => {
      context.type = 'text/plain';
      context.body = `${output.error}: ${output.error_description ?? ''}`;
    },
  });
  const callback = provider.callback();

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', issuer);
    const live = provider;
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (interaction && request.method === 'GET' && !interaction[2]) {
      const details = await live.interactionDetails(request, response);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(loginPage(details.uid, String(details.params.client_id)));
      return;
    }
    if (interaction && request.method === 'POST' && interaction[2]) {
      const details = await live.interactionDetails(request, response);
      const form = new URLSearchParams(await readBody(request));
      const accountId = form.get('account') ?? '';
      if (!accounts.has(accountId)) {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(loginPage(details.uid, String(details.params.client_id), 'Unknown account'));
        return;
      }
      const grant = new live.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await live.interactionFinished(
        request,
        response,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      tokenAnswers += 1;
      if (tamper) {
        const change = tamper;
        tamper = undefined;
        await rewriteIdToken(response, change);
      }
    }
    callback(request, response);
  }

  /** Holds the token endpoint's answer back, re-signs its ID token with changed claims, then sends it. */
  async function rewriteIdToken(response: ServerResponse, change: (claims: JWTPayload) => JWTPayload) {
    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.write = ((chunk: unknown) => {
      chunks.push(Buffer.from(chunk as string));
      return true;
    }) as typeof response.write;
    response.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      if (typeof body.id_token !== 'string') {
        const text = JSON.stringify(body);
        response.setHeader('content-length', Buffer.byteLength(text));
        return end(text);
      }
      const claims = change(decodeJwt(body.id_token));
      void new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
        .sign(privateKey)
        .then((idToken) => {
          const text = JSON.stringify({ ...body, id_token: idToken });
          response.setHeader('content-length', Buffer.byteLength(text));
          write(text);
          end();
        });
      return response;
    }) as typeof response.end;
  }

  return {
    issuer,
    port,
    accounts,
    addClient(client) {
      store.set(`Client:${client.client_id}`, {
        payload: {
          ...client,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      });
    },
    tamperNextIdToken(change) {
      tamper = change;
    },
    tokenRequests: () => tokenAnswers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Stored = { payload: Record<string, unknown>; expiresAt?: number };

/** oidc-provider's storage interface over one Map, keyed by model name and id. */
function memoryAdapter(store: Map<string, Stored>) {
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    private live(key: string) {
      const found = store.get(key);
      if (found?.expiresAt !== undefined && found.expiresAt < Date.now()) {
        store.delete(key);
        return undefined;
      }
      return found?.payload;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
    }
    async find(id: string) {
      return this.live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, value] of store)
        if (key.startsWith(`${this.model}:`) && value.payload.uid === uid) return this.live(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, value] of store)
        if (key.startsWith(`${this.model}:`) && value.payload.userCode === userCode) return this.live(key);
      return undefined;
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of store) if (value.payload.grantId === grantId) store.delete(key);
    }
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string, problem?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test Identity Provider</title></head>
<body>
<main>
<h1>Test Identity Provider</h1>
<p>Sign in to continue to ${escapeHtml(clientId)}.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="account">Account</label>
<input id="account" name="account" autocomplete="username" required>
<button type="submit">Sign in and allow</button>
</form>
</main>
</body></html>`;
}
