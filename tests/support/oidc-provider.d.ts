// The parts of oidc-provider's API the test identity provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface InteractionDetails {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string; details: Record<string, unknown> };
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface ProviderConfiguration {
    adapter?: new (model: string) => unknown;
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    findAccount?: (
      context: unknown,
      accountId: string,
    ) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
    claims?: Record<string, string[]>;
    scopes?: string[];
    features?: Record<string, unknown>;
    interactions?: { url: (context: unknown, interaction: { uid: string }) => string };
    pkce?: { required: () => boolean };
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    renderError?: (
      context: { type: string; body: unknown },
      output: { error: string; error_description?: string },
    ) => void;
  }

  class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export default Provider;
}
