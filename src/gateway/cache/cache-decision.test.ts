import { describe, expect, it } from 'vitest';
import { decideCacheHit, selectCacheHit } from './cache-decision';
import { defaultCacheSettings, resolveCacheSettings } from './cache-settings';

const settings = resolveCacheSettings();

describe('the cache decision for one query and one stored entry', () => {
  it('answers an exact repeat whatever the similarity', () => {
    expect(
      decideCacheHit(
        'what is the capital of france',
        { prompt: 'What is the capital of France?', similarity: 0.5 },
        settings,
      ),
    ).toEqual({ hit: true, reason: 'exact' });
  });

  it('applies the guard to the query and to the stored prompt', () => {
    expect(
      decideCacheHit('What is the weather today?', { prompt: 'What is the weather today?', similarity: 1 }, settings),
    ).toEqual({ hit: false, reason: 'query-present-time' });
    expect(decideCacheHit('Show me my orders', { prompt: 'List my orders', similarity: 0.99 }, settings).reason).toBe(
      'query-personal-data',
    );
    expect(
      decideCacheHit('What is my IP?', { prompt: 'What is my ip address?', similarity: 0.99 }, settings).reason,
    ).toBe('entry-personal-data');
  });

  it('answers a paraphrase above the threshold and refuses a near miss', () => {
    expect(
      decideCacheHit(
        'How can I fix a leaking faucet?',
        { prompt: 'How do I fix a leaking faucet?', similarity: 0.97 },
        settings,
      ).hit,
    ).toBe(true);
    expect(
      decideCacheHit('Write a poem about dogs', { prompt: 'Write a poem about cats', similarity: 0.99 }, settings),
    ).toMatchObject({ hit: false, reason: 'different-content' });
    expect(
      decideCacheHit(
        'How can I fix a leaking faucet?',
        { prompt: 'How do I fix a leaking faucet?', similarity: defaultCacheSettings.similarityThreshold - 0.01 },
        settings,
      ).reason,
    ).toBe('below-threshold');
  });

  it('answers nothing when the organisation turned the cache off', () => {
    expect(
      decideCacheHit(
        'Tell me a joke',
        { prompt: 'Tell me a joke', similarity: 1 },
        resolveCacheSettings({ enabled: false }),
      ),
    ).toEqual({ hit: false, reason: 'disabled' });
  });
});

describe('choosing among the nearest entries', () => {
  it('decides on the nearest entry alone, never falling through to a less similar one', () => {
    const candidates = [
      { id: 'cats', prompt: 'Write me a poem about cats', similarity: 0.96 },
      { id: 'dogs', prompt: 'Write a poem about dogs', similarity: 0.99 },
    ];
    expect(selectCacheHit('Write a poem about cats', candidates, settings)).toEqual({
      decision: { hit: false, reason: 'different-content', differences: ['cats', 'dogs'] },
    });
    const { decision, entry } = selectCacheHit('Write a poem about cats', candidates.slice(0, 1), settings);
    expect(decision.hit).toBe(true);
    expect(entry?.id).toBe('cats');
  });

  it('prefers an exact repeat wherever it ranks', () => {
    const candidates = [
      { id: 'near', prompt: 'Write me a poem about cats', similarity: 0.99 },
      { id: 'same', prompt: 'write a poem about cats.', similarity: 0.95 },
    ];
    expect(selectCacheHit('Write a poem about cats', candidates, settings)).toMatchObject({
      decision: { hit: true, reason: 'exact' },
      entry: { id: 'same' },
    });
    expect(selectCacheHit('Write a poem about cats', [], settings).decision.hit).toBe(false);
  });

  it('reports why the nearest entry failed when none passes', () => {
    const { decision, entry } = selectCacheHit(
      'Write a poem about cats',
      [{ prompt: 'Write a poem about dogs', similarity: 0.99 }],
      settings,
    );
    expect(entry).toBeUndefined();
    expect(decision.reason).toBe('different-content');
  });
});

describe('settings', () => {
  it('fills the defaults and refuses nonsense', () => {
    expect(resolveCacheSettings({ ttlSeconds: 60 })).toEqual({ ...defaultCacheSettings, ttlSeconds: 60 });
    expect(() => resolveCacheSettings({ similarityThreshold: 1.5 })).toThrow();
    expect(() => resolveCacheSettings({ maxEntries: 0 })).toThrow();
  });
});
