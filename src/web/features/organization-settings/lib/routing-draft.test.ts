import type { RoutingPolicy } from '@contracts';
import { describe, expect, it } from 'vitest';
import { routingChanges, routingDraftOf, routingProblemsFromServer, validateRoutingDraft } from './routing-draft';

const saved: RoutingPolicy = {
  enabled: true,
  quality_target: 0.9512345,
  candidate_model_ids: ['openai/gpt-4o-mini', 'openai/gpt-4o'],
  reference_model_id: null,
  cache: { enabled: true, threshold: null, ttl_seconds: 3600, max_entries: 500, error_rate: 0.02 },
  deadlines: { headers_ms: null, first_token_ms: 60_000, between_tokens_ms: null },
  shadow_evaluation: { sampling_rate: 0, monthly_budget_usd: 10, judge_model_id: null },
};

describe('the Routing & Cache form', () => {
  it('reads back the policy it was given, so an untouched form changes nothing', () => {
    const values = validateRoutingDraft(routingDraftOf(saved), saved).values!;
    expect(values.quality_target).toBeCloseTo(saved.quality_target, 12);
    expect(routingChanges(saved, values)).toBeUndefined();
  });

  it('takes the target in percent and sends it as a share, without binary noise', () => {
    const draft = { ...routingDraftOf(saved), quality_target_percent: '95' };
    expect(routingChanges(saved, validateRoutingDraft(draft, saved).values!)).toEqual({ quality_target: 0.95 });
  });

  it('sends only what changed; the same models in another order are no change', () => {
    const draft = {
      ...routingDraftOf(saved),
      candidate_model_ids: ['openai/gpt-4o', 'openai/gpt-4o-mini'],
      cache_enabled: false,
      reference_model_id: 'openai/gpt-4o',
    };
    expect(routingChanges(saved, validateRoutingDraft(draft, saved).values!)).toEqual({
      reference_model_id: 'openai/gpt-4o',
      cache: { enabled: false },
    });
    const everyModel = { ...routingDraftOf(saved), every_model: true, cache_threshold: '0.85' };
    expect(routingChanges(saved, validateRoutingDraft(everyModel, saved).values!)).toEqual({
      candidate_model_ids: null,
      cache: { threshold: 0.85 },
    });
  });

  it('takes the cache error rate in percent and sends it as a share', () => {
    const draft = { ...routingDraftOf(saved), cache_error_rate_percent: '0.5' };
    expect(routingDraftOf(saved).cache_error_rate_percent).toBe('2');
    expect(routingChanges(saved, validateRoutingDraft(draft, saved).values!)).toEqual({ cache: { error_rate: 0.005 } });
  });

  it.each([
    [
      'cache_error_rate_percent',
      '0',
      'routing.cache_error_rate_percent',
      'Cache error rate must be between 0.1% and 50%',
    ],
    [
      'cache_error_rate_percent',
      '50.5',
      'routing.cache_error_rate_percent',
      'Cache error rate must be between 0.1% and 50%',
    ],
    ['cache_error_rate_percent', '', 'routing.cache_error_rate_percent', 'Cache error rate must be a number'],
    ['quality_target_percent', '49.9', 'routing.quality_target_percent', 'Quality target must be between 50% and 100%'],
    [
      'quality_target_percent',
      '100.5',
      'routing.quality_target_percent',
      'Quality target must be between 50% and 100%',
    ],
    ['quality_target_percent', '', 'routing.quality_target_percent', 'Quality target must be a number'],
    ['cache_threshold', '1.01', 'routing.cache_threshold', 'Cache threshold must be between 0.5 and 1'],
    ['cache_threshold', 'abc', 'routing.cache_threshold', 'Cache threshold must be between 0.5 and 1'],
    ['candidate_model_ids', [], 'routing.candidate_model_ids', 'Choose at least one candidate model'],
  ])('refuses %s = %j with the contract message', (field, typed, key, message) => {
    const draft = { ...routingDraftOf(saved), [field]: typed };
    expect(validateRoutingDraft(draft, saved)).toEqual({ problems: { [key]: message } });
  });

  it('accepts the limits themselves', () => {
    const draft = { ...routingDraftOf(saved), quality_target_percent: '50', cache_threshold: '1' };
    expect(validateRoutingDraft(draft, saved).values).toMatchObject({ quality_target: 0.5, cache: { threshold: 1 } });
  });

  it("puts the server's refusals on the form's fields", () => {
    expect(
      routingProblemsFromServer({
        'candidate_model_ids.1': 'Unknown model: x',
        'cache.threshold': 'Too low',
        'cache.error_rate': 'Too high',
        quality_target: 'Bad',
      }),
    ).toEqual({
      'routing.candidate_model_ids': 'Unknown model: x',
      'routing.cache_threshold': 'Too low',
      'routing.cache_error_rate_percent': 'Too high',
      'routing.quality_target_percent': 'Bad',
    });
  });
});
