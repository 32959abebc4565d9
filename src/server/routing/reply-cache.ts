import type { Picodollars } from '../../money';
import {
  cacheKeyFor,
  createLazyPromptEmbedding,
  describePair,
  encoderTextFor,
  decideCacheHitWithJudge,
  isBorderline,
  isCacheable,
  nearestCandidate,
  selectCacheHit,
  type CacheKey,
  type CacheRequest,
  type CacheSettings,
  type LazyPromptEmbedding,
  type SameQuestionJudge,
  type SentenceEncoder,
} from '../../gateway';
import type { CacheEntry, SimilarEntry } from '../cache/cache-entry';
import type { CacheEntrySource } from '../cache/cache-entry';
import type { CacheStore } from '../cache/cache-store';
import type { CacheHitDecider } from '../db/schema';
import type { CacheLearning } from './cache-learning/cache-learning';
import type { JudgedPair, LookupPair } from './cache-learning/judged-pair';
import { learnedHitText, learnedLookupOf, learnedMissText } from './cache-learning/learned-lookup';
import { calibrationText, type CacheLookupSettings } from './cache-lookup-settings';

/** Semantic candidates fetched per lookup: the gateway decides on the nearest (or an exact repeat among them). */
const candidatesPerLookup = 5;

export type CacheLookup =
  | {
      hit: true;
      entry: CacheEntry;
      similarity: number;
      key: CacheKey;
      reasonText: string;
      /** The judge allowed this hit: which model it asked and what that cost (its own usage record holds the call). */
      judged?: { modelId: string; costPicodollars: Picodollars };
      /** What decided a semantic hit: the static rules, the organisation's learned threshold or the judge; undefined for an exact repeat. */
      decidedBy?: CacheHitDecider;
      /** What the organisation's learned cache read of the pair (docs/decisions/080), when it was consulted. */
      pair?: LookupPair;
      /** The judge's verdict, a label learned after the reply. */
      judgedPair?: JudgedPair;
    }
  | { hit: false; key: CacheKey; reason: string; judgedPair?: JudgedPair };

/** How one lookup is made. */
interface CacheLookupOptions {
  /** A borderline nearest entry is a hit when this judge says the questions are the same (it may find no judge). */
  judgeFor?: () => Promise<CacheJudge | undefined>;
  /** The request's embedding (embeddingFor), asked for only when the semantic tier is searched. */
  embedding?: LazyPromptEmbedding;
  /**
   * The organisation's learned cache (docs/decisions/080): the policy's δ, and whether this is an
   * Auto lookup, which the learner decides once it has enough labels. Without it no lookup is counted.
   */
  learning?: { delta: number; auto: boolean };
  /**
   * Told once the exact tier has decided (a DB read, about a millisecond): whether it found the
   * same question, before the semantic tier is searched. A request that may ask its model while the
   * cache is searched waits for this much (docs/decisions/032).
   */
  onExactTier?: (found: boolean) => void;
}

type ReplyToCache = CacheEntrySource & ReplyToCacheFields;

interface ReplyToCacheFields {
  orgId: string;
  request: CacheRequest;
  reply: string;
  modelId: string;
  referenceCostPicodollars: Picodollars;
  /** The request's embedding of the prompt, which the lookup may already have computed. */
  embedding?: LazyPromptEmbedding;
}

/** A same-question judge for one caller, naming the model it asks (docs/decisions/026, amendment). */
export type CacheJudge = SameQuestionJudge & { readonly modelId: string };

/** The semantic cache as the chat sees it: look a request up, store a finished reply. */
export interface ReplyCache {
  /**
   * The request's embedding of its prompt from the cache's encoder, computed only when first asked
   * for: one per request, shared by the router, the lookup and the store (docs/decisions/062).
   */
  embeddingFor(prompt: string): LazyPromptEmbedding;
  /** Looks a request up: the exact tier, then the nearest entry by the static rules or the organisation's learned threshold. */
  lookup(
    orgId: string,
    request: CacheRequest,
    settings: CacheLookupSettings,
    options?: CacheLookupOptions,
  ): Promise<CacheLookup>;
  store(reply: ReplyToCache, settings: CacheSettings, now?: Date): Promise<void>;
  /** Counts a hit, which also keeps the entry from eviction for longer. */
  recordHit(orgId: string, entryId: string): Promise<void>;
  /** A negative rating or a regeneration: the reply must not be served again. */
  forgetReply(orgId: string, replyMessageId: string): Promise<void>;
  forgetEntry(orgId: string, entryId: string): Promise<void>;
}

/** "a question with similarity 0.91 was asked before". */
const similarText = (similarity: number) => `a question with similarity ${similarity.toFixed(2)} was asked before`;

/**
 * Exact tier first (same scope, same normalised prompt), then the nearest entries of the same
 * scope. The nearest is decided by the gateway's guards and near-miss verifier (decision 026), or,
 * for an Auto lookup once the organisation's learned cache has enough labels, by its error bound
 * against the policy's δ (decisions 048, 080); either may put a borderline pair to the judge. A
 * prompt the guard refuses (about the present or the user's own data) is neither looked up nor
 * stored. The prompt is embedded only for the semantic tier, and not for a follow-up whose
 * conversation context has no entry.
 */
export function createReplyCache({
  store,
  encoder,
  learning,
}: {
  store: CacheStore;
  encoder: SentenceEncoder;
  learning?: CacheLearning;
}): ReplyCache {
  const embeddingFor = (prompt: string) => createLazyPromptEmbedding(encoder, prompt);
  // A vector is only ever compared with vectors of the same encoder, for the same prompt.
  const ownEmbedding = (prompt: string, given: LazyPromptEmbedding | undefined) =>
    given?.encoderId === encoder.id && given.text === encoderTextFor(prompt) ? given : embeddingFor(prompt);

  /** What the learner reads of the nearest entry; undefined for an exact repeat or without the learned cache. */
  async function pairOf(
    orgId: string,
    prompt: string,
    nearest: SimilarEntry,
    options: CacheLookupOptions,
  ): Promise<LookupPair | undefined> {
    if (!learning || !options.learning) return undefined;
    const features = describePair(prompt, nearest.entry.prompt, nearest.similarity);
    if (features.gate !== 'learned') return undefined;
    const { state } = await learning.learners.copyOf(orgId);
    return {
      entryId: nearest.entry.id,
      similarity: nearest.similarity,
      features,
      learned: learnedLookupOf(state, nearest.entry.id, features, {
        ...options.learning,
        judgeAllowed: options.judgeFor !== undefined,
      }),
    };
  }

  /** The organisation's learned threshold decides: a hit within the bound, the judge when borderline, else a miss. */
  async function decideByLearner(
    prompt: string,
    key: CacheKey,
    nearest: SimilarEntry,
    pair: LookupPair,
    options: CacheLookupOptions,
  ): Promise<CacheLookup> {
    const { action } = pair.learned.decision;
    const hitOf = (extra: Partial<Extract<CacheLookup, { hit: true }>>, note: string): CacheLookup => ({
      hit: true,
      entry: nearest.entry,
      similarity: nearest.similarity,
      key,
      reasonText: `Answered from the cache: ${similarText(nearest.similarity)} (${note})`,
      pair,
      ...extra,
    });
    if (action === 'hit') return hitOf({ decidedBy: 'learner' }, learnedHitText(pair.learned));
    const judge = action === 'ask-judge' ? await options.judgeFor?.() : undefined;
    if (!judge) return { hit: false, key, reason: learnedMissText(pair.learned) };
    const verdict = await judge.judge(prompt, nearest.entry.prompt);
    const judgedPair: JudgedPair = {
      pair,
      verdict: { same: verdict.same, modelId: judge.modelId, costPicodollars: verdict.costPicodollars },
    };
    if (!verdict.same)
      return {
        hit: false,
        key,
        reason: `${learnedMissText(pair.learned)}, judged different by ${judge.modelId}`,
        judgedPair,
      };
    return hitOf(
      {
        decidedBy: 'judge',
        judged: { modelId: judge.modelId, costPicodollars: verdict.costPicodollars },
        judgedPair,
      },
      `judged-same by ${judge.modelId}`,
    );
  }

  return {
    embeddingFor,
    async lookup(orgId, request, settings, options = {}) {
      const key = cacheKeyFor(request);
      const exactTier = (found: boolean) => options.onExactTier?.(found);
      if (!settings.enabled) {
        exactTier(false);
        return { hit: false, key, reason: 'the cache is off' };
      }
      const verdict = isCacheable(request.prompt);
      if (!verdict.cacheable) {
        exactTier(false);
        return { hit: false, key, reason: `not cacheable (${verdict.reason})` };
      }
      const counted = (learned: boolean) => {
        if (options.learning) learning?.counter.count(orgId, learned);
      };
      const exact = await store.findExact(orgId, key.exactKey);
      exactTier(exact !== undefined);
      if (exact) {
        counted(false);
        return {
          hit: true,
          entry: exact,
          similarity: 1,
          key,
          reasonText: 'Answered from the cache: the same question was asked before',
        };
      }
      // A follow-up's scope is its conversation so far: rarely seen before, and then nothing can match.
      if (request.contextMessages.length > 0 && !(await store.hasEntries(orgId, key.scopeKey))) {
        counted(false);
        return { hit: false, key, reason: 'no cached reply in this conversation context' };
      }
      const embedding = await ownEmbedding(request.prompt, options.embedding).vector();
      const nearest = await store.searchSimilar(orgId, key.scopeKey, embedding, candidatesPerLookup);
      const candidates = nearest.map((candidate) => ({ ...candidate, prompt: candidate.entry.prompt }));
      const nearestEntry = nearestCandidate(request.prompt, candidates);
      const pair = nearestEntry ? await pairOf(orgId, request.prompt, nearestEntry, options) : undefined;
      counted(pair?.learned.decides ?? false);
      if (nearestEntry && pair?.learned.decides)
        return decideByLearner(request.prompt, key, nearestEntry, pair, options);

      const selected = selectCacheHit(request.prompt, candidates, settings);
      let entry = selected.entry;
      let judged: { modelId: string; costPicodollars: Picodollars } | undefined;
      let judgedPair: JudgedPair | undefined;
      // Only a borderline pair goes to the judge, so only then is one looked for.
      const judge =
        !entry && options.judgeFor && isBorderline(selected.decision) ? await options.judgeFor() : undefined;
      if (judge && nearestEntry) {
        const verdict = await decideCacheHitWithJudge(request.prompt, nearestEntry, settings, judge);
        const costPicodollars = verdict.judgeCostPicodollars ?? 0n;
        judgedPair = pair && { pair, verdict: { same: verdict.hit, modelId: judge.modelId, costPicodollars } };
        if (!verdict.hit)
          return { hit: false, key, reason: `${verdict.reason}, judged different by ${judge.modelId}`, judgedPair };
        entry = nearestEntry;
        judged = { modelId: judge.modelId, costPicodollars };
      }
      if (!entry) return { hit: false, key, reason: selected.decision.reason };
      return {
        hit: true,
        entry: entry.entry,
        similarity: entry.similarity,
        key,
        reasonText: `Answered from the cache: ${similarText(entry.similarity)}${judged ? ` (judged-same by ${judged.modelId})` : ''}${settings.calibration ? ` (${calibrationText(settings.calibration)})` : ''}`,
        ...(judged ? { judged } : {}),
        ...(selected.decision.reason === 'exact' ? {} : { decidedBy: judged ? 'judge' : 'rules', pair, judgedPair }),
      };
    },

    async store(reply, settings, now = new Date()) {
      if (!settings.enabled || !isCacheable(reply.request.prompt).cacheable || reply.reply.trim() === '') return;
      const key = cacheKeyFor(reply.request);
      const embedding = await ownEmbedding(reply.request.prompt, reply.embedding).vector();
      await store.insert(
        {
          orgId: reply.orgId,
          ...sourceOf(reply),
          scopeKey: key.scopeKey,
          exactKey: key.exactKey,
          prompt: reply.request.prompt,
          reply: reply.reply,
          modelId: reply.modelId,
          embedding,
          encoderId: encoder.id,
          referenceCostPicodollars: reply.referenceCostPicodollars,
          expiresAt: new Date(now.getTime() + settings.ttlSeconds * 1000),
        },
        { maxEntries: settings.maxEntries },
        now,
      );
    },

    recordHit: async (orgId, entryId) => void (await store.recordHit(orgId, entryId)),
    forgetReply: async (orgId, replyMessageId) => void (await store.removeForReply(orgId, replyMessageId)),
    forgetEntry: async (orgId, entryId) => void (await store.remove(orgId, entryId)),
  };
}

/** Only the source's own columns: a chat reply's session and message, or a program's decision. */
function sourceOf(reply: CacheEntrySource): CacheEntrySource {
  return reply.decisionId === undefined
    ? { sessionId: reply.sessionId, replyMessageId: reply.replyMessageId }
    : { decisionId: reply.decisionId };
}
