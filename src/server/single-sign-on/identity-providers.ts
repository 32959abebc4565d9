import { createHash } from 'node:crypto';
import * as openid from 'openid-client';

/** Where an organisation's identity provider is and who we are to it. */
export interface IdentityProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The relying party's view of identity providers (openid-client: certified, PKCE, state, nonce, and
 * the ID token's signature, issuer, audience, expiry and nonce checked against the provider's keys).
 */
export interface IdentityProviders {
  /**
   * The provider's discovered configuration, with this product as the client. Remembered for ten
   * minutes per settings (its keys with it, refetched when a token names an unknown key), so a
   * sign-in usually costs one request to the provider: the token exchange.
   */
  configuration(settings: IdentityProviderSettings): Promise<openid.Configuration>;
}

export interface IdentityProvidersOptions {
  /** Every request to a provider goes through it: the address guard's fetch (docs/decisions/014). */
  fetch: typeof globalThis.fetch;
  /** Whether an http:// issuer may be used: only one on a network the operator allows. */
  mayUseHttp(issuer: string): Promise<boolean>;
  /** A deadline for each request to a provider (discovery, keys, token, userinfo). */
  timeoutSeconds?: number;
  rememberForMs?: number;
  now?: () => number;
}

const maxRemembered = 500;

export function createIdentityProviders(options: IdentityProvidersOptions): IdentityProviders {
  const rememberForMs = options.rememberForMs ?? 600_000;
  const now = options.now ?? Date.now;
  const remembered = new Map<string, { configuration: Promise<openid.Configuration>; expiresAt: number }>();

  // Undici's fetch takes every body openid-client sends; only the declared types differ.
  const providerFetch = options.fetch as unknown as openid.CustomFetch;

  async function discover(settings: IdentityProviderSettings): Promise<openid.Configuration> {
    const allowHttp = new URL(settings.issuer).protocol === 'http:' && (await options.mayUseHttp(settings.issuer));
    const discovered = await openid.discovery(new URL(settings.issuer), settings.clientId, undefined, undefined, {
      [openid.customFetch]: providerFetch,
      execute: allowHttp ? [openid.allowInsecureRequests] : [],
      timeout: options.timeoutSeconds ?? 10,
    });
    const server = discovered.serverMetadata();
    // client_secret_basic is OpenID Connect's default; a provider that lists only client_secret_post gets that.
    const methods = server.token_endpoint_auth_methods_supported;
    const authentication =
      methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? openid.ClientSecretPost(settings.clientSecret)
        : openid.ClientSecretBasic(settings.clientSecret);
    const configuration = new openid.Configuration(server, settings.clientId, undefined, authentication);
    configuration[openid.customFetch] = providerFetch;
    configuration.timeout = options.timeoutSeconds ?? 10;
    if (allowHttp) openid.allowInsecureRequests(configuration);
    return configuration;
  }

  return {
    configuration(settings) {
      const key = [
        settings.issuer,
        settings.clientId,
        createHash('sha256').update(settings.clientSecret).digest('hex'),
      ].join('\n');
      const found = remembered.get(key);
      if (found && found.expiresAt > now()) return found.configuration;
      remembered.delete(key);
      if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
      const configuration = discover(settings);
      remembered.set(key, { configuration, expiresAt: now() + rememberForMs });
      // A failed discovery is not remembered: the next sign-in asks again.
      configuration.catch(() => remembered.delete(key));
      return configuration;
    },
  };
}
