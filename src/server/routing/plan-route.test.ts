import { describe, expect, it } from 'vitest';
import { modelCatalog, type CatalogModel } from '../../gateway';
import type { UsableModel } from '../usage/model-access';
import { autoLadder, embeddedModelLeftOut } from './auto-ladder';
import { planRoute, type CandidateModel } from './plan-route';

const model = (id: string): CatalogModel => {
  const found = modelCatalog.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} in the catalog`);
  return found;
};
const usable = (id: string): UsableModel => ({
  model: model(id),
  maxTokensPerRequest: 10_000,
  maxTokensLimitedBy: 'organisation',
  replyTokenCap: 2_000,
});
const candidate = (id: string, ruledOut?: string): CandidateModel => ({ usable: usable(id), ruledOut });

// Tier 1: gpt-4o-mini, claude-3-5-haiku; tier 2: gpt-4o; tier 3: claude-sonnet-4.
const offered = [
  'openai/gpt-4o-mini',
  'anthropic/claude-3-5-haiku-latest',
  'openai/gpt-4o',
  'anthropic/claude-sonnet-4',
].map(model);
const everyone = offered.map((entry) => candidate(entry.id));

describe('planRoute', () => {
  it('sends a prompt that needs little to the cheapest model, with a backup from another provider of the same tier', () => {
    const route = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.1, threshold: 0.6, idealTier: 1 },
    });
    expect(route.reason).toBe('router_score');
    expect(route.primary.model.id).toBe(cheapest(['openai/gpt-4o-mini', 'anthropic/claude-3-5-haiku-latest']));
    expect(route.backup?.model.provider).not.toBe(route.primary.model.provider);
    expect(route.backup?.model.tier).toBe(1);
    expect(route.reasonText).toBe('Router score 0.10 below 0.60: tier 1 is enough');
  });

  it('sends a prompt at the threshold to the strongest tier, backed by the next tier down', () => {
    const route = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.6, threshold: 0.6, idealTier: 3 },
    });
    expect(route.primary.model.id).toBe('anthropic/claude-sonnet-4');
    expect(route.backup?.model.id).toBe('openai/gpt-4o');
    expect(route.reasonText).toBe('Router score 0.60 at or above 0.60: the strongest tier');
  });

  it("says when the organisation's feedback on the prompt's kind moved the threshold, by how much and from how many signals", () => {
    const calibration = { offset: -0.05, signals: 12, baseThreshold: 0.42 };
    const route = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.4, threshold: 0.37, idealTier: 3, kind: 'code', calibration },
    });
    expect(route.primary.model.id).toBe('anthropic/claude-sonnet-4');
    expect(route.reasonText).toBe(
      "Router score 0.40 at or above 0.37: the strongest tier (threshold 0.42 for code prompts, adjusted \u22120.05 by your organization's feedback on them: 12 ratings, regenerations and edits)",
    );
    const cheaper = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: {
        value: 0.3,
        threshold: 0.43,
        idealTier: 1,
        kind: 'writing',
        calibration: { offset: 0.01, signals: 1, baseThreshold: 0.42 },
      },
    });
    expect(cheaper.reasonText).toBe(
      "Router score 0.30 below 0.43: tier 1 is enough (threshold 0.42 for writing prompts, adjusted +0.01 by your organization's feedback on them: 1 rating, regeneration or edit)",
    );
  });

  it('names no kind and no adjustment when the threshold was not moved', () => {
    const route = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.3, threshold: 0.42, idealTier: 1, kind: 'code' },
    });
    expect(route.reasonText).toBe('Router score 0.30 below 0.42: tier 1 is enough');
  });

  it('says when an unsure score sent the prompt to the strongest tier for quality', () => {
    const route = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.55, threshold: 0.6, idealTier: 3, unsure: true },
    });
    expect(route.primary.model.id).toBe('anthropic/claude-sonnet-4');
    expect(route.reasonText).toBe(
      "Router score 0.55 just below 0.60, within the router's margin of error: unsure, so the strongest tier (quality first)",
    );
  });

  it('steps up when the ideal tier is closed to the caller, and says so; ruled-out models are recorded with why', () => {
    const candidates = [
      candidate('openai/gpt-4o-mini', 'Monthly token limit reached'),
      candidate('openai/gpt-4o'),
      candidate('anthropic/claude-sonnet-4'),
    ];
    const route = planRoute({
      offered,
      candidates,
      routingEnabled: true,
      score: { value: 0.05, threshold: 0.6, idealTier: 1 },
    });
    expect(route.primary.model.id).toBe('openai/gpt-4o');
    expect(route.reasonText).toContain('stepped up to tier 2, as no tier-1 model is open to you');
    expect(route.considered).toEqual([
      { model_id: 'openai/gpt-4o-mini', tier: 1, eligible: false, note: 'Monthly token limit reached' },
      { model_id: 'anthropic/claude-3-5-haiku-latest', tier: 1, eligible: false, note: 'Not allowed for your role' },
      { model_id: 'openai/gpt-4o', tier: 2, eligible: true },
      { model_id: 'anthropic/claude-sonnet-4', tier: 3, eligible: true },
    ]);
  });

  it('steps down when no stronger model is open', () => {
    const route = planRoute({
      offered,
      candidates: [candidate('openai/gpt-4o-mini'), candidate('openai/gpt-4o')],
      routingEnabled: true,
      score: { value: 0.9, threshold: 0.6, idealTier: 3 },
    });
    expect(route.primary.model.id).toBe('openai/gpt-4o');
    expect(route.reasonText).toContain('stepped down to tier 2');
  });

  it('uses the strongest model when routing is off, and the only model when there is one', () => {
    expect(planRoute({ offered, candidates: everyone, routingEnabled: false }).primary.model.id).toBe(
      'anthropic/claude-sonnet-4',
    );
    const only = planRoute({
      offered,
      candidates: [candidate('openai/gpt-4o'), candidate('openai/gpt-4o-mini', 'Over your per-request limit')],
      routingEnabled: true,
      score: { value: 0.9, threshold: 0.5, idealTier: 3 },
    });
    expect(only.reason).toBe('only_model');
    expect(only.backup).toBeUndefined();
    expect(only.primary.model.id).toBe('openai/gpt-4o');
  });

  it("answers with the organisation's default model when routing is off, and says why when it cannot", () => {
    const preferred = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: false,
      defaultModelId: 'openai/gpt-4o',
    });
    expect(preferred.primary.model.id).toBe('openai/gpt-4o');
    expect(preferred.reason).toBe('routing_off');
    expect(preferred.reasonText).toBe("Routing is off: your organization's default model");
    expect(preferred.backup).toBeDefined();

    const overLimit = [
      candidate('openai/gpt-4o-mini'),
      candidate('openai/gpt-4o', 'Monthly token limit reached'),
      candidate('anthropic/claude-sonnet-4'),
    ];
    const fellBack = planRoute({
      offered,
      candidates: overLimit,
      routingEnabled: false,
      defaultModelId: 'openai/gpt-4o',
    });
    expect(fellBack.primary.model.id).toBe('anthropic/claude-sonnet-4');
    expect(fellBack.reasonText).toBe(
      "Routing is off: the strongest model you may use, as your organization's default model (openai/gpt-4o) is not open to you for this request",
    );

    // With the router on, the default model does not stand in for it.
    const routed = planRoute({
      offered,
      candidates: everyone,
      routingEnabled: true,
      score: { value: 0.1, threshold: 0.6, idealTier: 1 },
      defaultModelId: 'anthropic/claude-sonnet-4',
    });
    expect(routed.primary.model.tier).toBe(1);
  });
});

describe("planRoute on Auto's ladder", () => {
  const low = (threshold = 0.6) => ({ value: 0.05, threshold, idealTier: 1 });
  const high = (threshold = 0.6) => ({ value: 0.95, threshold, idealTier: 3 });

  it.each(['openai', 'anthropic', 'google'] as const)(
    'with only %s and the embedded model reachable, reaches its cheap and strong tiers and never the embedded model',
    (provider) => {
      const ladder = autoLadder(
        modelCatalog.filter((entry) => entry.provider === provider || entry.provider === 'local'),
        null,
      );
      const candidates = ladder.models.map((entry) => candidate(entry.id));
      const cheap = planRoute({
        offered: ladder.models,
        leftOut: ladder.leftOut,
        candidates,
        routingEnabled: true,
        score: low(),
      });
      const strong = planRoute({
        offered: ladder.models,
        leftOut: ladder.leftOut,
        candidates,
        routingEnabled: true,
        score: high(),
      });
      expect(cheap.primary.model).toMatchObject({ provider, tier: 1 });
      expect(strong.primary.model).toMatchObject({ provider, tier: 3 });
      for (const route of [cheap, strong]) {
        expect(route.backup?.model.provider).toBe(provider);
        expect(route.considered).toContainEqual({
          model_id: 'local/tinyllama-1.1b-chat',
          tier: 1,
          eligible: false,
          note: embeddedModelLeftOut,
        });
      }
    },
  );

  it('sends a low score to the embedded model when it is all there is', () => {
    const ladder = autoLadder(
      modelCatalog.filter((entry) => entry.provider === 'local'),
      null,
    );
    const route = planRoute({
      offered: ladder.models,
      leftOut: ladder.leftOut,
      candidates: ladder.models.map((entry) => candidate(entry.id)),
      routingEnabled: true,
      score: low(),
    });
    expect(route.primary.model.id).toBe('local/tinyllama-1.1b-chat');
    expect(route.reason).toBe('only_model');
  });
});

function cheapest(ids: string[]): string {
  const price = (id: string) => model(id).inputPricePerMillion + model(id).outputPricePerMillion;
  return [...ids].sort((a, b) => price(a) - price(b))[0]!;
}
