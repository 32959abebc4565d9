import {
  estimatePromptTokens,
  messages,
  modelAccessDeniedMessage,
  type MonthlyLimitKind,
  type OrganisationSettings,
  type RoutingPolicy,
} from '../../contracts';
import { findModel, listAvailableModels, type CatalogModel, type LazyPromptEmbedding } from '../../gateway';
import type { UsableModel } from '../usage/usable-model';
import { listUsableModels, type ModelAccessDependencies } from '../usage/model-access';
import type { Logger } from 'pino';
import type { PriceBook } from '../pricing/price-book';
import type { RoutingDependencies } from './routing-dependencies';
import { AppError, forbidden, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { cheaperAlternative, limitExceeded } from '../usage/limit-refusal';
import type { RequestFit } from '../usage/call-room';
import { limitBroken, monthlyLimitVerdicts, monthlyTotals } from '../usage/monthly-limits';
import type { LimitTotals } from '../usage/reservation-repository';
import { loadCalibration, noCalibration, type OrganisationCalibration } from './calibration/calibration-repository';
import {
  planRoute,
  type CandidateModel,
  type ConsideredModel,
  type PlannedRoute,
  type RouteInputs,
} from './plan-route';
import { ladderFor } from './auto-ladder';
import { scorePrompt } from './score-prompt';
import { resolveReferenceModel } from './reference-model';
import { walletFreeModels, walletFreeReason } from './wallet-free-models';

/** Why an automatic request is routed again after room was refused for the model an earlier route chose. */
export interface RouteAgain {
  /**
   * Models whose limit refused the reservation (another request of the caller took the room
   * meanwhile): ruled out like any model over its limit.
   */
  overLimit?: ReadonlyMap<string, { limit: MonthlyLimitKind; totals: LimitTotals }>;
  /**
   * The wallet's 402 for the model chosen: only models that cost the wallet nothing (the
   * organisation's own keys, the embedded model) stay open, and this refusal stands when none is.
   */
  walletRefusal?: AppError;
}

/** Where one request goes, before anything is saved: the decision record is made from this. */
export interface RoutedRequest {
  mode: 'auto' | 'forced';
  reason: PlannedRoute['reason'] | 'forced';
  reasonText: string;
  primary: UsableModel;
  backup?: UsableModel;
  considered: ConsideredModel[];
  score?: RouteInputs['score'];
  reference: CatalogModel;
  policy: RoutingPolicy;
  /** The organisation's settings as they were read for this request (temperature, content logging; docs/decisions/021). */
  settings: OrganisationSettings;
  /** How its users' feedback moved the router's and the cache's thresholds (read when either is used; docs/decisions/033). */
  calibration: OrganisationCalibration;
}

type Dependencies = ModelAccessDependencies & { prices: PriceBook; routing: RoutingDependencies; logger: Logger };

/**
 * Decides the model of one request. A forced model is honoured when the caller may use it (the
 * spec's 403 otherwise) and within its limits; with none, the organisation's policy and the
 * router choose among Auto's ladder (auto-ladder.ts): the models the caller's role allows within
 * their limits, the embedded model only when nothing else is configured or the policy names it.
 */
export async function routeRequest(
  dependencies: Dependencies,
  caller: Caller,
  prompt: string,
  forcedModelId: string | null | undefined,
  /** The user's turn before this one in the conversation, which the router reads too. */
  previousUserTurn?: string,
  /** Set when an earlier route's model was refused its room: what to rule out now. */
  again: RouteAgain = {},
  /** The request's embedding of its prompt, which the router reads instead of embedding it again (docs/decisions/062). */
  promptEmbedding?: LazyPromptEmbedding,
): Promise<RoutedRequest> {
  const overLimit = again.overLimit ?? new Map();
  const policy = await dependencies.routing.policies.load(caller.orgId);
  const settings = await getOrganisationSettings(dependencies.db, caller.orgId);
  const { credentials, instancePaid } = await dependencies.providers.callingFor(caller.orgId);
  const available = listAvailableModels(dependencies.catalog, credentials, {
    localModelEnabled: dependencies.localModelEnabled,
  });
  const usable = await listUsableModels(dependencies, caller, settings);
  const promptTokens = estimatePromptTokens(prompt);
  const referenceFor = (fallback: CatalogModel) =>
    resolveReferenceModel(dependencies.catalog, available, policy.reference_model_id) ?? fallback;
  let reading: Promise<OrganisationCalibration> | undefined;
  const calibrationFor = (needed: boolean) => {
    if (!needed) return Promise.resolve(noCalibration);
    reading ??= loadCalibration(dependencies.db, caller.orgId);
    return reading;
  };

  if (forcedModelId) {
    const chosen = usable.find((candidate) => candidate.model.id === forcedModelId);
    if (!chosen || !findModel(dependencies.catalog, forcedModelId)) throw forbidden(modelAccessDeniedMessage);
    if (isOverRequestLimit(chosen, prompt)) throw tooLong(chosen.maxTokensPerRequest);
    // Its monthly limits are checked once, when room is reserved for the call (docs/decisions/019).
    return {
      mode: 'forced',
      reason: 'forced',
      reasonText: 'Chosen by you',
      primary: chosen,
      considered: [{ model_id: chosen.model.id, tier: chosen.model.tier, eligible: true }],
      reference: referenceFor(chosen.model),
      policy,
      settings,
      calibration: await calibrationFor(policy.cache.enabled),
    };
  }

  if (usable.length === 0) throw new AppError('forbidden', messages.noModelAvailable);
  const isUsable = (model: CatalogModel) => usable.some((candidate) => candidate.model.id === model.id);
  // The wallet could not pay for the model chosen before: Auto goes on with what costs it nothing.
  const walletFree = again.walletRefusal ? walletFreeModels(available, instancePaid) : undefined;
  const ladder = ladderFor(walletFree?.free ?? available, policy.candidate_model_ids, isUsable);
  if (walletFree) ladder.leftOut.push(...walletFree.leftOut.filter(({ model }) => isUsable(model)));
  const offered = ladder.models;
  const { verdicts, totals } = await monthlyLimitVerdicts(
    dependencies.db,
    dependencies.prices,
    caller,
    usable,
    promptTokens,
    undefined,
    dependencies.leases?.book,
  );
  const monthly = new Map<string, { limit: MonthlyLimitKind; totals?: LimitTotals }>([
    ...[...verdicts].map(([modelId, limit]) => [modelId, { limit, totals: totals.get(modelId) }] as const),
    ...overLimit,
  ]);
  const candidates: CandidateModel[] = usable
    .filter((candidate) => offered.some((model) => model.id === candidate.model.id))
    .map((candidate) => ({
      usable: candidate,
      ruledOut: isOverRequestLimit(candidate, prompt)
        ? `Over your per-request limit (${candidate.maxTokensPerRequest} tokens)`
        : monthlyNote(monthly.get(candidate.model.id)?.limit),
    }));
  const eligible = candidates.filter((candidate) => !candidate.ruledOut);
  if (eligible.length === 0 && again.walletRefusal) throw again.walletRefusal;
  if (eligible.length === 0) throw await refusalFor(dependencies, caller, usable, candidates, monthly, prompt);

  const scorer = dependencies.routing.scorer;
  const score =
    policy.enabled && scorer && eligible.length > 1
      ? await scorePrompt(dependencies, scorer, {
          orgId: caller.orgId,
          policy,
          prompt,
          previousUserTurn,
          tiers: [...new Set(offered.map((model) => model.tier))],
          promptEmbedding,
          calibration: () => calibrationFor(true),
        })
      : undefined;
  const planned = planRoute({
    offered,
    leftOut: ladder.leftOut,
    candidates,
    routingEnabled: policy.enabled && scorer !== undefined,
    score,
    defaultModelId: settings.default_model,
  });
  const calibration = await calibrationFor(policy.cache.enabled || score !== undefined);
  return {
    mode: 'auto',
    ...planned,
    ...(walletFree ? { reasonText: `${planned.reasonText}; ${walletFreeReason(planned.primary.model)}` } : {}),
    score,
    reference: referenceFor(planned.primary.model),
    policy,
    settings,
    calibration,
  };
}

/** Spec section 5: the prompt's estimate (length / 4, rounded up) must fit the caller's limit. */
export function isOverRequestLimit(usable: Pick<UsableModel, 'maxTokensPerRequest'>, prompt: string): boolean {
  return estimatePromptTokens(prompt) > usable.maxTokensPerRequest;
}

function tooLong(limit: number): AppError {
  return validationFailed(messages.messageTooLong(limit), { prompt: messages.messageTooLong(limit) });
}

function monthlyNote(limit: MonthlyLimitKind | undefined): string | undefined {
  if (!limit) return undefined;
  return limit === 'monthly_token_limit' ? 'Over your monthly token limit' : 'Over your monthly cost limit';
}

/**
 * Nothing is open: when every candidate is over a monthly limit, that refusal for the first of them
 * (the cheapest), else the same answer a forced request to the most generous model would get.
 */
async function refusalFor(
  dependencies: Dependencies,
  caller: Caller,
  usable: readonly UsableModel[],
  candidates: readonly CandidateModel[],
  monthly: ReadonlyMap<string, { limit: MonthlyLimitKind; totals?: LimitTotals }>,
  prompt: string,
): Promise<AppError> {
  const first = candidates.find((candidate) => monthly.has(candidate.usable.model.id));
  if (first && candidates.every((candidate) => monthly.has(candidate.usable.model.id))) {
    return refuseOverLimit(dependencies, caller, usable, first.usable, monthly.get(first.usable.model.id)!, prompt);
  }
  return tooLong(Math.max(...candidates.map((candidate) => candidate.usable.maxTokensPerRequest)));
}

/**
 * The 429 for a request `refused` cannot take (spec section 8's phrases, the model, the reset
 * date), offering a cheaper model the role enables that still has room for it.
 */
export async function refuseOverLimit(
  dependencies: Pick<Dependencies, 'db' | 'prices' | 'leases'>,
  caller: Caller,
  usable: readonly UsableModel[],
  refused: UsableModel,
  broken: { limit: MonthlyLimitKind; totals?: LimitTotals; fit?: RequestFit },
  prompt: string,
): Promise<AppError> {
  const now = new Date();
  const promptTokens = estimatePromptTokens(prompt);
  const totals = await monthlyTotals(dependencies.db, caller, usable, now, dependencies.leases?.book);
  const alternative = cheaperAlternative(
    refused,
    usable,
    (candidate) =>
      !isOverRequestLimit(candidate, prompt) &&
      !limitBroken(dependencies.prices, candidate, totals.get(candidate.model.id), promptTokens),
  );
  return limitExceeded(refused, broken.limit, broken.totals, alternative, now, broken.fit);
}

/** The decision-record fields a routed request fills before any reply exists, whichever way it is answered. */
export function decisionOf(route: RoutedRequest, caller: Caller, target: { sessionId: string; userMessageId: string }) {
  return {
    orgId: caller.orgId,
    userId: caller.userId,
    sessionId: target.sessionId,
    userMessageId: target.userMessageId,
    mode: route.mode,
    candidates: route.considered,
    routerScore: route.score?.value,
    routerThreshold: route.score?.threshold,
    promptKind: route.score?.kind,
    router: route.score?.router,
    globalRouterScore: route.score?.globalScore,
    referenceModelId: route.reference.id,
  };
}
