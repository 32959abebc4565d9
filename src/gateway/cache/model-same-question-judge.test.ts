import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findModel } from '../catalog/catalog-queries';
import { modelCatalog } from '../catalog/model-catalog';
import { costOfUsage } from '../catalog/usage-cost';
import { catalogTokenPrices } from '../catalog/token-prices';
import { createModelGateway } from '../providers/model-gateway';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { resolveCacheSettings } from './cache-settings';
import { createModelSameQuestionJudge, readsSame } from './model-same-question-judge';
import { decideCacheHitWithJudge } from './same-question-judge';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const model = findModel(modelCatalog, 'openai/gpt-4.1-nano')!;
const judgeOver = (url: string) =>
  createModelSameQuestionJudge({
    provider: createModelGateway({ credentials: { openai: { apiKey: 'sk-test', baseURL: `${url}/v1` } } }),
    model,
  });

const query = 'How can I boost the water pressure in my garden hose?';
const cached = 'How do I pump up the water pressure in my garden hose?';

describe('the model judge over the OpenAI wire format', () => {
  it('sends one short request at temperature 0 with both questions, and prices the reported usage', async () => {
    server.enqueueReply({ text: 'same', usage: { inputTokens: 120, outputTokens: 1 } });
    const verdict = await judgeOver(server.url).judge(query, cached);
    expect(verdict).toMatchObject({ same: true, usage: { inputTokens: 120, outputTokens: 1, estimated: false } });
    expect(verdict.costPicodollars).toBe(
      costOfUsage(catalogTokenPrices(model), { inputTokens: 120, cachedInputTokens: 0, outputTokens: 1 }),
    );
    expect(verdict.costPicodollars).toBeGreaterThan(0n);
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body as {
      model: string;
      temperature: number;
      max_tokens?: number;
      max_completion_tokens?: number;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('gpt-4.1-nano');
    expect(body.temperature).toBe(0);
    expect(body.max_tokens ?? body.max_completion_tokens).toBe(3);
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages.at(-1)!.content).toContain(query);
    expect(body.messages.at(-1)!.content).toContain(cached);
  });

  it('reads "Different." as different, and still reports what it cost', async () => {
    server.enqueueReply({ text: 'Different.', usage: { inputTokens: 118, outputTokens: 2 } });
    const verdict = await judgeOver(server.url).judge(query, cached);
    expect(verdict.same).toBe(false);
    expect(verdict.costPicodollars).toBe(
      costOfUsage(catalogTokenPrices(model), { inputTokens: 118, cachedInputTokens: 0, outputTokens: 2 }),
    );
  });

  it('reads a provider failure as "not the same", without throwing', async () => {
    server.enqueueReply({ failBeforeStream: { status: 400, message: 'bad request' } });
    const verdict = await judgeOver(server.url).judge(query, cached);
    expect(verdict).toMatchObject({ same: false, costPicodollars: 0n });
    expect(verdict.failed).toBeDefined();
  });

  it('reads a stream dropped mid-answer as "not the same"', async () => {
    server.enqueueReply({ text: 'same same same', dropConnectionAfterChunks: 1 });
    expect(await judgeOver(server.url).judge(query, cached)).toMatchObject({ same: false });
  });

  it('turns a borderline pair into a judged hit through the product decision', async () => {
    server.enqueueReply({ text: 'Same', usage: { inputTokens: 100, outputTokens: 1 } });
    const decision = await decideCacheHitWithJudge(
      query,
      { prompt: cached, similarity: 0.95 },
      resolveCacheSettings({ similarityThreshold: 0.8 }),
      judgeOver(server.url),
    );
    expect(decision).toMatchObject({ hit: true, reason: 'judged-same' });
    expect(decision.judgeCostPicodollars).toBe(
      costOfUsage(catalogTokenPrices(model), { inputTokens: 100, cachedInputTokens: 0, outputTokens: 1 }),
    );
  });
});

describe('reading the verdict', () => {
  it.each([
    ['same', true],
    ['Same.', true],
    [' "SAME" ', true],
    ['different', false],
    ['Different.', false],
    ['same question', false],
    ['not the same', false],
    ['', false],
    ['Yes', false],
  ])('%j reads as same: %s', (reply, same) => {
    expect(readsSame(reply)).toBe(same);
  });
});
