import { describe, expect, it } from 'vitest';
import { modelCatalog, type CatalogModel, type ProviderName } from '../../gateway';
import { walletCannotPayNote, walletFreeModels, walletFreeReason } from './wallet-free-models';

const ofProviders = (...providers: ProviderName[]) =>
  modelCatalog.filter((model) => providers.includes(model.provider));
const providersOf = (models: readonly CatalogModel[]) => [...new Set(models.map((model) => model.provider))].sort();

describe('the models an empty wallet leaves Auto', () => {
  it.each([
    [
      'the instance pays for both clouds: only the embedded model',
      ['openai', 'anthropic'],
      ['local'],
      ['anthropic', 'openai'],
    ],
    ["the organisation's own Anthropic key and the embedded model", ['openai'], ['anthropic', 'local'], ['openai']],
    ['every cloud on own keys: nothing is left out', [], ['anthropic', 'local', 'openai'], []],
  ] as const)('%s', (_case, paid, free, leftOut) => {
    const available = ofProviders('openai', 'anthropic', 'local');
    const split = walletFreeModels(available, new Set<ProviderName>(paid));
    expect(providersOf(split.free)).toEqual(free);
    expect(providersOf(split.leftOut.map(({ model }) => model))).toEqual(leftOut);
    expect(split.leftOut.every(({ note }) => note === walletCannotPayNote)).toBe(true);
    expect(split.free.length + split.leftOut.length).toBe(available.length);
  });

  it('says which free model answered', () => {
    const [local] = ofProviders('local');
    const [claude] = ofProviders('anthropic');
    expect(walletFreeReason(local!)).toBe(
      "your organization's wallet cannot pay for paid models, so the free local model answered (it costs the wallet nothing)",
    );
    expect(walletFreeReason(claude!)).toBe(
      "your organization's wallet cannot pay for paid models, so a model on your organization's own provider key answered (it costs the wallet nothing)",
    );
  });
});
