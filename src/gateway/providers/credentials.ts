/** An API key, and optionally another base URL (a proxy, or a test server). */
export interface ApiKeyCredential {
  apiKey: string;
  baseURL?: string;
  /** How to reach baseURL; defaults to the global fetch. A tenant's URL gets an AddressGuard's. */
  fetch?: typeof globalThis.fetch;
}

/** A server speaking OpenAI's Chat Completions (vLLM, Ollama, LM Studio, LiteLLM...). */
export interface OpenAiCompatibleCredential {
  baseURL: string;
  apiKey?: string;
  /** Shown in errors and metadata; defaults to 'openai-compatible'. */
  name?: string;
  /** Ask for a final usage chunk (`stream_options.include_usage`); defaults to true. */
  includeUsage?: boolean;
  /** How to reach baseURL; defaults to the global fetch. A tenant's URL gets an AddressGuard's. */
  fetch?: typeof globalThis.fetch;
}

/**
 * Credentials for one call: an organisation's own, or the instance-wide ones. Adapters use only
 * what they are given here and never read process.env.
 */
export interface ProviderCredentials {
  openai?: ApiKeyCredential;
  anthropic?: ApiKeyCredential;
  google?: ApiKeyCredential;
  'openai-compatible'?: OpenAiCompatibleCredential;
}

type Environment = Readonly<Record<string, string | undefined>>;

function read(environment: Environment, name: string): string | undefined {
  const value = environment[name]?.trim();
  return value ? value : undefined;
}

function apiKeyCredential(apiKey: string | undefined, baseURL: string | undefined): ApiKeyCredential | undefined {
  if (apiKey === undefined) return undefined;
  return baseURL === undefined ? { apiKey } : { apiKey, baseURL };
}

/**
 * The instance-wide credentials from an environment-like object (pass process.env once, at
 * start-up). Empty values count as unset; a base URL without its key gives no credential,
 * except for an OpenAI-compatible server, whose key is optional.
 */
export function resolveInstanceCredentials(environment: Environment): ProviderCredentials {
  const credentials: ProviderCredentials = {};
  const openai = apiKeyCredential(read(environment, 'OPENAI_API_KEY'), read(environment, 'OPENAI_BASE_URL'));
  const anthropic = apiKeyCredential(read(environment, 'ANTHROPIC_API_KEY'), read(environment, 'ANTHROPIC_BASE_URL'));
  const google = apiKeyCredential(
    read(environment, 'GOOGLE_GENERATIVE_AI_API_KEY'),
    read(environment, 'GOOGLE_GENERATIVE_AI_BASE_URL'),
  );
  if (openai) credentials.openai = openai;
  if (anthropic) credentials.anthropic = anthropic;
  if (google) credentials.google = google;
  const compatibleBaseURL = read(environment, 'OPENAI_COMPATIBLE_BASE_URL');
  if (compatibleBaseURL !== undefined) {
    const apiKey = read(environment, 'OPENAI_COMPATIBLE_API_KEY');
    credentials['openai-compatible'] =
      apiKey === undefined ? { baseURL: compatibleBaseURL } : { baseURL: compatibleBaseURL, apiKey };
  }
  return credentials;
}
