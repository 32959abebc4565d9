import { describe, expect, it } from 'vitest';
import { warmProviderProtocols } from './warm-provider-protocols';

describe('warmProviderProtocols', () => {
  it('streams a reply through every cloud protocol from the loopback stand-in', async () => {
    const results = await warmProviderProtocols();
    expect(results.map((result) => result.provider).sort()).toEqual([
      'anthropic',
      'google',
      'openai',
      'openai-compatible',
    ]);
    for (const result of results) {
      expect(result.error).toBeUndefined();
      expect(result.text).toBe('Warm.');
    }
  });
});
