import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      trustProxy: false,
    });
    expect(config.corsOrigins).toEqual([]);
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('SECRET_KEY');
  });

  it('treats empty values as unset and splits CORS origins', () => {
    const config = loadConfig({ PORT: '', CORS_ORIGINS: 'https://a.example, https://b.example', TRUST_PROXY: 'true' });
    expect(config.port).toBe(3000);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toBe(true);
  });

  it('limits sign-ups and reset requests per client address by default, and takes other limits', () => {
    const defaults = loadConfig({});
    expect(defaults.signupThrottle).toEqual({ maxPerAddress: 10, windowSeconds: 3600 });
    expect(defaults.passwordResetThrottle).toEqual({ maxPerAddress: 20, maxPerEmail: 3, windowSeconds: 3600 });
    const tuned = loadConfig({
      SIGNUP_MAX_PER_ADDRESS: '50',
      SIGNUP_WINDOW_SECONDS: '600',
      PASSWORD_RESET_MAX_PER_ADDRESS: '100',
      PASSWORD_RESET_MAX_PER_EMAIL: '5',
      PASSWORD_RESET_WINDOW_SECONDS: '900',
    });
    expect(tuned.signupThrottle).toEqual({ maxPerAddress: 50, windowSeconds: 600 });
    expect(tuned.passwordResetThrottle).toEqual({ maxPerAddress: 100, maxPerEmail: 5, windowSeconds: 900 });
    expect(() => loadConfig({ SIGNUP_MAX_PER_ADDRESS: '0' })).toThrow(/SIGNUP_MAX_PER_ADDRESS/);
  });

  it('reads the login throttle and the refresh reuse grace', () => {
    const defaults = loadConfig({});
    expect(defaults.loginThrottle).toEqual({
      maxFailuresPerAddress: 30,
      maxFailuresPerUsernameAndAddress: 5,
      maxFailuresPerUsername: 10,
      knownAddressesOnlyAfter: 50,
      windowSeconds: 900,
    });
    expect(defaults.refreshReuseGraceSeconds).toBe(10);
    const tuned = loadConfig({
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
      LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS: '3',
      LOGIN_MAX_FAILURES_PER_USERNAME: '20',
      LOGIN_KNOWN_ADDRESSES_ONLY_AFTER: '200',
      LOGIN_THROTTLE_WINDOW_SECONDS: '600',
      REFRESH_REUSE_GRACE_SECONDS: '0',
    });
    expect(tuned.loginThrottle).toEqual({
      maxFailuresPerAddress: 100,
      maxFailuresPerUsernameAndAddress: 3,
      maxFailuresPerUsername: 20,
      knownAddressesOnlyAfter: 200,
      windowSeconds: 600,
    });
    expect(tuned.refreshReuseGraceSeconds).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '61' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS: '0' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS/,
    );
  });
});

describe('loadConfig: models and providers', () => {
  it('switches the local model on by default and reads no provider key from nowhere', () => {
    const config = loadConfig({});
    expect(config.localModel).toEqual({ enabled: true, path: undefined, maxWaiting: 8 });
    expect(config.providerCredentials).toEqual({});
  });

  it('passes provider keys and base URLs to the gateway credentials', () => {
    const config = loadConfig({
      LOCAL_MODEL_ENABLED: 'false',
      LOCAL_MODEL_PATH: '/models/other.gguf',
      LOCAL_MODEL_MAX_WAITING: '2',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ANTHROPIC_API_KEY: 'ak-test',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(config.localModel).toEqual({ enabled: false, path: '/models/other.gguf', maxWaiting: 2 });
    expect(config.providerCredentials).toEqual({
      openai: { apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' },
      anthropic: { apiKey: 'ak-test' },
      'openai-compatible': { baseURL: 'http://127.0.0.1:11434/v1' },
    });
  });

  it('keeps 2,000 recent embeddings unless told otherwise, and none with 0', () => {
    expect(loadConfig({}).routing.rememberedEmbeddings).toBe(2_000);
    expect(loadConfig({ EMBEDDINGS_REMEMBERED: '0' }).routing.rememberedEmbeddings).toBe(0);
    expect(() => loadConfig({ EMBEDDINGS_REMEMBERED: '-1' })).toThrow(/EMBEDDINGS_REMEMBERED/);
  });

  it('names a malformed provider base URL', () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it("declares no OpenAI-compatible model by default, and reads the operator's declaration", () => {
    expect(loadConfig({}).openAiCompatibleModels).toEqual([]);
    const declared = JSON.stringify([
      {
        id: 'qwen2.5:7b',
        tier: 1,
        input_price_per_million: 0,
        output_price_per_million: 0,
        context_window: 32_768,
        max_output_tokens: 4_096,
      },
    ]);
    const config = loadConfig({
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_MODELS: declared,
    });
    expect(config.openAiCompatibleModels).toEqual([
      expect.objectContaining({ id: 'openai-compatible/qwen2.5:7b', providerModelId: 'qwen2.5:7b', tier: 1 }),
    ]);
  });

  it('refuses a bad declaration at start, naming the variable and every problem', () => {
    const declared = JSON.stringify([
      { id: 'a', tier: 5, input_price_per_million: 1, output_price_per_million: 1, context_window: 1000 },
    ]);
    let caught: unknown;
    try {
      loadConfig({ OPENAI_COMPATIBLE_MODELS: declared });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'OPENAI_COMPATIBLE_MODELS: model 1 (tier): must be 1 (small and cheap), 2 (general) or 3 (frontier)',
      'OPENAI_COMPATIBLE_MODELS: model 1 (max_output_tokens): must be a whole number of tokens',
    ]);
    expect(() => loadConfig({ OPENAI_COMPATIBLE_MODELS: 'llama' })).toThrow(
      /OPENAI_COMPATIBLE_MODELS: must be a JSON array of models/,
    );
  });
});

describe('loadConfig: networks organisations may reach', () => {
  it('allows none by default', () => {
    expect(loadConfig({}).organisationUrlAllowedNetworks).toEqual([]);
  });

  it('reads comma-separated addresses and CIDR networks', () => {
    const config = loadConfig({ ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '10.0.0.0/8, 127.0.0.1 ,fd00::/8' });
    expect(config.organisationUrlAllowedNetworks).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  });

  it.each(['true', 'localhost', '10.0.0.0/33', '10.0.0.0/8,ollama.internal'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ ORG_PROVIDER_URLS_ALLOWED_NETWORKS: value })).toThrow(
        /ORG_PROVIDER_URLS_ALLOWED_NETWORKS: must be comma-separated IP addresses/,
      );
    },
  );
});
