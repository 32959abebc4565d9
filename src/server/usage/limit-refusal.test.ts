import { describe, expect, it } from 'vitest';
import { modelCatalog } from '../../gateway';
import type { UsableModel } from './model-access';
import { parsePicodollars } from '../../money';
import { cheaperAlternative, limitExceeded } from './limit-refusal';

const usable = (id: string, limits: Partial<UsableModel> = {}): UsableModel => ({
  model: modelCatalog.find((model) => model.id === id)!,
  maxTokensPerRequest: 2000,
  maxTokensLimitedBy: 'role',
  replyTokenCap: 2000,
  monthlyTokenLimit: 1000,
  costLimitPicodollars: parsePicodollars('5'),
  ...limits,
});
const opus = usable('anthropic/claude-opus-4');
const sonnet = usable('anthropic/claude-sonnet-4');
const gpt4o = usable('openai/gpt-4o');
const mini = usable('openai/gpt-4o-mini');
const haiku = usable('anthropic/claude-3-5-haiku-latest');

describe('cheaperAlternative', () => {
  it.each([
    ['the strongest cheaper model with room', opus, [opus, sonnet, gpt4o, mini], [], 'anthropic/claude-sonnet-4'],
    [
      'passing over one without room',
      opus,
      [opus, sonnet, gpt4o, mini],
      ['anthropic/claude-sonnet-4'],
      'openai/gpt-4o',
    ],
    ['of one tier, the priciest below', gpt4o, [gpt4o, mini, haiku], [], 'anthropic/claude-3-5-haiku-latest'],
    ['nothing when nothing cheaper has room', gpt4o, [gpt4o, mini, opus], ['openai/gpt-4o-mini'], null],
    ['never a dearer model', mini, [mini, opus, gpt4o], [], null],
  ] as const)('offers %s', (_name, refused, all, full, expected) => {
    const alternative = cheaperAlternative(
      refused,
      all,
      (candidate) => !(full as readonly string[]).includes(candidate.model.id),
    );
    expect(alternative?.model_id ?? null).toBe(expected);
  });
});

describe('limitExceeded', () => {
  const now = new Date('2026-11-30T23:59:00Z');
  const totals = {
    usedTokens: 0n,
    usedCostPicodollars: parsePicodollars('4.995'),
    reservedTokens: 0n,
    reservedCostPicodollars: parsePicodollars('0.004'),
  };

  it('is a 429 naming the limit, the model, the amounts and the reset date (next month, UTC)', () => {
    const error = limitExceeded(gpt4o, 'cost_limit', totals, { model_id: mini.model.id, name: 'GPT-4o mini' }, now);
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      'Monthly cost limit exceeded on GPT-4o (openai/gpt-4o): $5.00 of $5.00 taken this month (under $0.01 of it held by replies still being written). It resets on 2026-12-01. GPT-4o mini is cheaper and still has room.',
    );
    expect(error.limit).toEqual({
      kind: 'cost_limit',
      model_id: 'openai/gpt-4o',
      model_name: 'GPT-4o',
      limit: 5,
      used: 4.995,
      reserved: 0.004,
      resets_on: '2026-12-01',
      alternative: { model_id: 'openai/gpt-4o-mini', name: 'GPT-4o mini' },
      reason: 'exceeded',
    });
    // Held room may come back soon: no Retry-After until the recorded usage alone is at the limit.
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('points Retry-After at the reset once the recorded usage has reached the limit', () => {
    const spent = { ...totals, usedTokens: 1000n };
    expect(limitExceeded(gpt4o, 'monthly_token_limit', spent, null, now).retryAfterSeconds).toBe(60);
  });
});
