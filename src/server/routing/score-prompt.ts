import type { RoutingPolicy } from '../../contracts';
import { promptKind, type LazyPromptEmbedding } from '../../gateway';
import type { Logger } from 'pino';
import type { RoutingDependencies } from './routing-dependencies';
import type { OrganisationCalibration } from './calibration/calibration-repository';
import type { RouteInputs } from './plan-route';
import type { PromptScorer } from './prompt-scorer';

type PromptScore = NonNullable<RouteInputs['score']>;

interface ScoreRequest {
  orgId: string;
  policy: RoutingPolicy;
  prompt: string;
  previousUserTurn?: string;
  /** The tiers Auto offers for this request. */
  tiers: readonly number[];
  promptEmbedding?: LazyPromptEmbedding;
  calibration: () => Promise<OrganisationCalibration>;
}

/**
 * How much a prompt needs a strong model, and the tier for it. The global router always scores it;
 * once the organisation's own router has learned enough of its labels to choose its own threshold,
 * that router decides, reading the global score as one of its inputs (docs/decisions/047, 068).
 * Otherwise the global router's threshold, moved by the users' feedback on prompts of this kind
 * (docs/decisions/028, 033), decides. A failure of the organisation's router is logged and the
 * global router decides: it never fails the request.
 */
export async function scorePrompt(
  dependencies: { routing: RoutingDependencies; logger: Logger },
  scorer: PromptScorer,
  request: ScoreRequest,
): Promise<PromptScore> {
  const { orgId, policy, prompt, previousUserTurn, tiers } = request;
  const value = await scorer.score(previousUserTurn ? [previousUserTurn, prompt] : [prompt], request.promptEmbedding);
  const kind = promptKind(prompt, previousUserTurn);
  const organisational = await dependencies.routing.organisationRouters
    ?.choose(orgId, prompt, value, policy.quality_target, tiers)
    .catch((error: unknown) => {
      dependencies.logger.warn({ err: error, orgId }, "the organisation's router could not score a prompt");
      return undefined;
    });
  if (organisational) {
    const { score, threshold, tier, labels } = organisational;
    return {
      value: score,
      threshold,
      idealTier: tier,
      kind,
      router: 'organisation',
      globalScore: value,
      organisationLabels: labels,
    };
  }
  const calibration = (await request.calibration()).kinds[kind];
  const { tier, threshold, unsure } = scorer.chooseTier(value, policy.quality_target, tiers, calibration.offset);
  return {
    value,
    threshold,
    idealTier: tier,
    kind,
    router: 'global',
    globalScore: value,
    ...(unsure ? { unsure } : {}),
    ...(calibration.offset !== 0
      ? {
          calibration: {
            offset: calibration.offset,
            signals: calibration.signals,
            baseThreshold: scorer.chooseTier(value, policy.quality_target, tiers).threshold,
          },
        }
      : {}),
  };
}
