import type { Logger } from 'pino';
import type { RoutingPolicy } from '../../../contracts';
import type { CatalogModel, ChatMessage, PromptKind } from '../../../gateway';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/context';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import type { MeteredCalls } from '../../metered-calls/metered-calls';
import { centsOf, centsToPicodollars } from '../../../money';
import type { UsableModel } from '../../usage/usable-model';
import type { ConsideredModel } from '../plan-route';
import { isSampled } from './shadow-draw';
import { shadowJudgeOf, strongestOf, withoutLimits } from './shadow-models';
import { readsAsGood, shadowJudgeMaxOutputTokens, shadowJudgeMessages } from './shadow-judge-messages';
import { insertShadowLabel, shadowSpendThisMonth, type NewShadowLabel } from './shadow-label-repository';

/** An Auto reply that finished, offered for shadow evaluation. */
interface ShadowCandidate {
  caller: Caller;
  decisionId: string;
  /** How the reply was routed: only the router's own choices of a cheaper tier are sampled. */
  route: { mode: 'auto' | 'forced'; reason: string; considered: readonly ConsideredModel[]; policy: RoutingPolicy };
  promptKind?: PromptKind;
  /** The global router's score of the prompt (what the organisation's router reads beside its embedding). */
  globalScore?: number;
  /** The model that answered the user, and its answer. */
  served: CatalogModel;
  answer: string;
  /** The user's prompt, shown to the judge. */
  question: string;
  /** The models the user may use now (their role's), read only once a reply is sampled. */
  usable(): Promise<readonly UsableModel[]>;
  /** The conversation as the strongest model is sent it, fitted to its window. */
  messagesFor(model: CatalogModel): Promise<ChatMessage[]>;
}

/** A verdict stored, with what the learner needs of the prompt. */
export interface ShadowLabelled {
  label: NewShadowLabel;
  candidate: ShadowCandidate;
}

export interface ShadowEvaluator {
  /** Returns at once: a sampled reply is evaluated in the background, never reaching the user. */
  consider(candidate: ShadowCandidate): void;
  /** Resolves once no evaluation is running (tests). */
  idle(): Promise<void>;
}

export interface ShadowEvaluatorOptions {
  db: Database;
  logger: Logger;
  meteredCalls: MeteredCalls;
  /** Shutdown waits for running evaluations, so their usage is recorded before the database closes. */
  inFlight: InFlightCalls;
  /** Evaluations running at once on this instance; a sampled reply beyond them is skipped. Defaults to 2. */
  concurrency?: number;
  /** The longest one evaluation (both calls) may take, besides each call's own deadlines. Defaults to 5 minutes. */
  deadlineMs?: number;
  /** Told of each stored verdict (the organisation's router learns from it). */
  labelled?(labelled: ShadowLabelled): Promise<void>;
}

/**
 * Shadow evaluation (docs/decisions/067). A reply Auto's router gave to a cheaper tier than the
 * strongest it could use is picked by its decision's own draw at the policy's rate, while the
 * organisation's sampling this month is under its budget. In the background the strongest model
 * the user may use answers the same conversation, and a judge (the policy's, else that strongest
 * model) says whether the cheaper answer was as good: both are metered calls with the source
 * 'shadow-evaluation', held and paid like any (the wallet, the plan) but outside the user's
 * limits. The verdict is stored as a label. An evaluation a crash interrupts is lost: its calls'
 * usage is settled by the journal's crash accounting, and no label is written.
 */
export function createShadowEvaluator(options: ShadowEvaluatorOptions): ShadowEvaluator {
  const concurrency = options.concurrency ?? 2;
  const deadlineMs = options.deadlineMs ?? 300_000;
  const running = new Set<Promise<void>>();

  function eligible(candidate: ShadowCandidate): boolean {
    const { route } = candidate;
    if (route.mode !== 'auto' || route.reason !== 'router_score') return false;
    const strongestTier = Math.max(...route.considered.filter((model) => model.eligible).map((model) => model.tier));
    return candidate.served.tier < strongestTier;
  }

  async function answer(
    candidate: ShadowCandidate,
    usable: UsableModel,
    messages: (model: CatalogModel) => Promise<ChatMessage[]>,
    signal: AbortSignal,
    maxOutputTokens?: number,
  ) {
    const call = await options.meteredCalls.open({
      asker: { caller: candidate.caller, source: 'shadow-evaluation' },
      plan: { primary: withoutLimits(usable) },
      request: async (model) => ({ messages: await messages(model), temperature: 0, maxOutputTokens }),
      minOutputTokens: maxOutputTokens,
      signal,
    });
    try {
      for await (const _part of call.stream);
    } catch {
      // The settlement says what failed.
    }
    const settled = await call.settled;
    return settled;
  }

  async function evaluate(candidate: ShadowCandidate): Promise<void> {
    const { caller, route } = candidate;
    const budget = centsToPicodollars(centsOf(route.policy.shadow_evaluation.monthly_budget_usd));
    if ((await shadowSpendThisMonth(options.db, caller.orgId)) >= budget) return;
    const usable = (await candidate.usable()).filter((model) => model.model.provider !== 'local');
    const strongest = strongestOf(usable);
    if (!strongest || strongest.model.tier <= candidate.served.tier) return;
    const judge = shadowJudgeOf(route.policy, usable) ?? strongest;
    const signal = AbortSignal.timeout(deadlineMs);

    const strong = await answer(candidate, strongest, candidate.messagesFor, signal);
    if (strong.status !== 'complete' || !strong.text) return;
    const verdict = await answer(
      candidate,
      judge,
      async () => shadowJudgeMessages(candidate.question, candidate.answer, strong.text),
      signal,
      shadowJudgeMaxOutputTokens,
    );
    if (verdict.status !== 'complete') return;
    const label: NewShadowLabel = {
      orgId: caller.orgId,
      decisionId: candidate.decisionId,
      promptKind: candidate.promptKind ?? null,
      tier: candidate.served.tier,
      modelId: candidate.served.id,
      strongModelId: strongest.model.id,
      judgeModelId: judge.model.id,
      verdict: readsAsGood(verdict.text) ? 'as_good' : 'worse',
      strongCostPicodollars: strong.costPicodollars,
      judgeCostPicodollars: verdict.costPicodollars,
    };
    if (await insertShadowLabel(options.db, label)) await options.labelled?.({ label, candidate });
  }

  return {
    consider(candidate) {
      const rate = candidate.route.policy.shadow_evaluation.sampling_rate;
      if (!eligible(candidate) || !isSampled(candidate.decisionId, rate)) return;
      if (running.size >= concurrency) {
        options.logger.info(
          { orgId: candidate.caller.orgId },
          'shadow evaluation skipped: as many are running as allowed',
        );
        return;
      }
      const run = evaluate(candidate).catch((error: unknown) =>
        options.logger.warn({ err: error, orgId: candidate.caller.orgId }, 'a shadow evaluation failed'),
      );
      running.add(run);
      void options.inFlight.track(run).finally(() => running.delete(run));
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
