import { describe, expect, it } from 'vitest';
import { modelCatalog, type CatalogModel } from '../../gateway';
import { autoLadder, embeddedModelLeftOut, ladderFor } from './auto-ladder';

const embedded = 'local/tinyllama-1.1b-chat';
const ofProviders = (...providers: CatalogModel['provider'][]) =>
  modelCatalog.filter((model) => providers.includes(model.provider));
const ids = (models: readonly CatalogModel[]) => models.map((model) => model.id);
const tiers = (models: readonly CatalogModel[]) => [...new Set(models.map((model) => model.tier))].sort();

describe("Auto's ladder", () => {
  it.each([
    ['OpenAI', ['openai', 'local']],
    ['Anthropic', ['anthropic', 'local']],
    ['Google', ['google', 'local']],
    ['OpenAI and Anthropic', ['openai', 'anthropic', 'local']],
  ] as const)(
    'with %s configured, leaves the embedded model out, says why, and keeps a cheap and a strong tier',
    (_name, providers) => {
      const ladder = autoLadder(ofProviders(...providers), null);
      expect(ids(ladder.models)).not.toContain(embedded);
      expect(ladder.models.every((model) => model.provider !== 'local')).toBe(true);
      expect(ladder.leftOut).toEqual([
        { model: expect.objectContaining({ id: embedded }), note: embeddedModelLeftOut },
      ]);
      expect(tiers(ladder.models)).toEqual([1, 2, 3]);
      // Cheapest tier first.
      expect(ladder.models[0]!.tier).toBe(1);
      expect(ladder.models.at(-1)!.tier).toBe(3);
    },
  );

  it('is the embedded model alone when no cloud provider is configured', () => {
    const ladder = autoLadder(ofProviders('local'), null);
    expect(ids(ladder.models)).toEqual([embedded]);
    expect(ladder.leftOut).toEqual([]);
  });

  it('keeps the embedded model beside cloud models when the policy names it, and only what the policy names', () => {
    const ladder = autoLadder(ofProviders('openai', 'local'), [embedded, 'openai/gpt-4o']);
    expect(ids(ladder.models)).toEqual([embedded, 'openai/gpt-4o']);
    expect(ladder.leftOut).toEqual([]);
  });

  it('leaves the embedded model out of a policy that names only cloud models, without listing models the policy does not name', () => {
    const ladder = autoLadder(ofProviders('openai', 'local'), ['openai/gpt-4o', 'openai/o3-mini']);
    expect(ids(ladder.models)).toEqual(['openai/gpt-4o', 'openai/o3-mini']);
    expect(ladder.leftOut).toEqual([]);
  });

  it('counts a configured provider without any model in the catalog as no provider', () => {
    // An OpenAI-compatible server whose models nobody declared reaches no catalog model.
    expect(ids(autoLadder(ofProviders('openai-compatible', 'local'), null).models)).toEqual([embedded]);
  });

  describe('for one caller', () => {
    const available = ofProviders('openai', 'local');

    it("falls back from a policy whose candidates the caller's role enables none of to the whole ladder", () => {
      const ladder = ladderFor(available, ['openai/o3-mini'], (model) => model.tier === 1);
      expect(ids(ladder.models)).not.toContain(embedded);
      expect(ladder.models.some((model) => model.id === 'openai/gpt-4o-mini')).toBe(true);
    });

    it('answers a role limited to the embedded model with it rather than refusing', () => {
      const ladder = ladderFor(available, null, (model) => model.id === embedded);
      expect(ids(ladder.models)).toContain(embedded);
    });

    it('never offers the embedded model while the role enables a cloud model', () => {
      const ladder = ladderFor(available, null, (model) => model.id === embedded || model.id === 'openai/gpt-4o-mini');
      expect(ids(ladder.models)).not.toContain(embedded);
    });
  });
});
