import { describe, expect, it } from 'vitest';
import { findModel, modelCatalog, type CatalogModel } from '../../gateway';
import type { UsableModel } from '../usage/usable-model';
import { chooseJudgeModel } from './cache-judge';

const usable = (model: CatalogModel): UsableModel => ({
  model,
  maxTokensPerRequest: 4000,
  maxTokensLimitedBy: 'model',
  replyTokenCap: 1000,
});
const named = (id: string) => usable(findModel(modelCatalog, id)!);
const embedded = named('local/tinyllama-1.1b-chat');

describe('the judge model', () => {
  it('is the cheapest cloud model by blended price, whatever the order', () => {
    const models = [named('openai/gpt-4o'), named('openai/gpt-4.1-nano'), named('openai/gpt-4o-mini')];
    expect(chooseJudgeModel(models)?.model.id).toBe('openai/gpt-4.1-nano');
    expect(chooseJudgeModel([...models].reverse())?.model.id).toBe('openai/gpt-4.1-nano');
  });

  it('is never the embedded model, even though it costs nothing', () => {
    expect(chooseJudgeModel([embedded, named('openai/gpt-4o')])?.model.id).toBe('openai/gpt-4o');
    expect(chooseJudgeModel([embedded])).toBeUndefined();
    expect(chooseJudgeModel([])).toBeUndefined();
  });
});
