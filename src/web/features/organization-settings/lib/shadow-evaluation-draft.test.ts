import type { RoutingPolicy } from '@contracts';
import { describe, expect, it } from 'vitest';
import { routingChanges, routingDraftOf, validateRoutingDraft } from './routing-draft';
import { budgetDollarsOf } from './shadow-evaluation-draft';

const saved: RoutingPolicy = {
  enabled: true,
  quality_target: 0.95,
  candidate_model_ids: null,
  reference_model_id: null,
  cache: { enabled: true, threshold: null, ttl_seconds: 3600, max_entries: 500, error_rate: 0.02 },
  deadlines: { headers_ms: null, first_token_ms: null, between_tokens_ms: null },
  shadow_evaluation: { sampling_rate: 0, monthly_budget_usd: 10, judge_model_id: null },
};

const withShadow = (fields: Partial<ReturnType<typeof routingDraftOf>>) => ({ ...routingDraftOf(saved), ...fields });

describe('the Shadow evaluation group of the routing form', () => {
  it('shows the saved settings as typed: the rate in percent, the budget with its cents', () => {
    const draft = routingDraftOf({
      ...saved,
      shadow_evaluation: { sampling_rate: 0.07, monthly_budget_usd: 1250.5, judge_model_id: 'openai/gpt-4o' },
    });
    expect(draft.shadow_sampling_percent).toBe('7');
    expect(draft.shadow_monthly_budget).toBe('1250.50');
    expect(draft.shadow_judge_model_id).toBe('openai/gpt-4o');
  });

  it('reads a budget typed with a dollar sign, thousands commas or no cents as exact cents', () => {
    expect(budgetDollarsOf('$1,250.5')).toBe(1250.5);
    expect(budgetDollarsOf('25')).toBe(25);
    expect(budgetDollarsOf(' 0.07 ')).toBe(0.07);
    expect(budgetDollarsOf('12.345')).toBe(12.345);
    expect(budgetDollarsOf('ten')).toBeNaN();
    expect(budgetDollarsOf('1e3')).toBeNaN();
  });

  it('sends only the settings that changed, the rate as a share without binary noise', () => {
    const draft = withShadow({ shadow_sampling_percent: '7', shadow_monthly_budget: '$25.10' });
    expect(routingChanges(saved, validateRoutingDraft(draft, saved).values!)).toEqual({
      shadow_evaluation: { sampling_rate: 0.07, monthly_budget_usd: 25.1 },
    });
    const judge = withShadow({ shadow_judge_model_id: 'anthropic/claude-sonnet-4' });
    expect(routingChanges(saved, validateRoutingDraft(judge, saved).values!)).toEqual({
      shadow_evaluation: { judge_model_id: 'anthropic/claude-sonnet-4' },
    });
    expect(routingChanges(saved, validateRoutingDraft(withShadow({}), saved).values!)).toBeUndefined();
  });

  it("gives the contract's messages at the group's fields", () => {
    const cases: [Partial<ReturnType<typeof routingDraftOf>>, string, string][] = [
      [{ shadow_sampling_percent: '' }, 'routing.shadow_sampling_percent', 'Sampling rate must be a number'],
      [
        { shadow_sampling_percent: '150' },
        'routing.shadow_sampling_percent',
        'Sampling rate must be between 0% and 100%',
      ],
      [{ shadow_monthly_budget: 'lots' }, 'routing.shadow_monthly_budget', 'Monthly sampling budget must be a number'],
      [
        { shadow_monthly_budget: '100000.01' },
        'routing.shadow_monthly_budget',
        'Monthly sampling budget must be between $0 and $100,000',
      ],
      [
        { shadow_monthly_budget: '10.005' },
        'routing.shadow_monthly_budget',
        'Monthly sampling budget must be in whole cents',
      ],
    ];
    for (const [fields, key, message] of cases)
      expect(validateRoutingDraft(withShadow(fields), saved).problems).toEqual({ [key]: message });
  });
});
