import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', databaseUrl: undefined, trustProxy: false });
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
});
