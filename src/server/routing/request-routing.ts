import {
  createCountedEncoder,
  createOpenAiCompatibleEncoder,
  createRememberingEncoder,
  createWorkerPoolEncoder,
  defaultCacheSettings,
  loadPromptRouterArtifact,
  type SentenceEncoder,
} from '../../gateway';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { createCacheStore } from '../cache/cache-store';
import type { RoutingDependencies } from './routing-dependencies';
import type { DatabaseHandle } from '../db/database';
import type { InFlightCalls } from '../metered-calls/in-flight-calls';
import { createCacheLearning } from './cache-learning/cache-learning';
import { createLearnedScorer } from './learned-scorer';
import { createOrganisationRouters } from './organisation-router/organisation-routers';
import { createReplyCache } from './reply-cache';
import { createRoutingPolicies } from './routing-policies';

/**
 * The router and the semantic cache for the conversation services. The embedded sentence encoder
 * feeds the cache unless an OpenAI-compatible embeddings endpoint is configured, and the router
 * only if its artifact was trained with it (the committed one reads text features alone:
 * docs/decisions/027). The committed router artifact is read now, so a broken one
 * stops the start instead of the first chat. `warm()` loads the encoder and runs it once (its
 * thread, the model, the WASM code paths): without it the first message waits ~1.2 s for that.
 * `onEncoderCall` hears of every call that reaches an encoder (the remembering layer's answers are
 * not calls): the encoder-calls metric.
 */
export async function createRequestRouting(
  database: DatabaseHandle,
  options: Config['routing'],
  logger: Logger,
  /** Shutdown waits for the cache's labels being learned (docs/decisions/080). */
  inFlight: InFlightCalls,
  onEncoderCall: (encoder: 'embedded' | 'endpoint') => void = () => {},
): Promise<RoutingDependencies> {
  // One worker thread runs the encoder, so embedding a prompt (10-40 ms of CPU) never blocks other requests.
  const pool = createWorkerPoolEncoder({ threads: 1 });
  const counted = (encoder: SentenceEncoder, name: 'embedded' | 'endpoint') =>
    createCountedEncoder(encoder, () => onEncoderCall(name));
  // People repeat questions: once is enough. (Within a request the router and the cache share one embedding.)
  const remembered = (encoder: SentenceEncoder) =>
    options.rememberedEmbeddings > 0
      ? createRememberingEncoder(encoder, { capacity: options.rememberedEmbeddings })
      : encoder;
  const encoder = remembered(counted(pool, 'embedded'));
  const scorer = createLearnedScorer({ encoder, artifact: await loadPromptRouterArtifact() });
  const cacheEncoder = options.embeddings
    ? remembered(counted(createOpenAiCompatibleEncoder(options.embeddings), 'endpoint'))
    : encoder;
  const store = createCacheStore({
    db: database.db,
    vectorSearch: database.vectorSearch,
    encoderId: cacheEncoder.id,
    dimensions: cacheEncoder.dimensions,
  });
  const cacheLearning = createCacheLearning({ db: database.db, logger, inFlight });
  return {
    policies: createRoutingPolicies({ db: database.db }),
    scorer,
    // Each organisation's own router reads the embedded encoder, whatever the cache uses (docs/decisions/068).
    organisationRouters: createOrganisationRouters({ db: database.db, encoder, logger }),
    cache: createReplyCache({ store, encoder: cacheEncoder, learning: cacheLearning }),
    cacheLearning,
    cacheDefaults: defaultCacheSettings,
    speculativeCalls: options.speculativeCalls,
    cacheJudge: options.cacheJudge,
    // The router's whole path once, and the embedded encoder's (thread, model, WASM) for the cache:
    // the committed router reads no encoder (docs/decisions/027), so scoring alone would not warm it.
    warm: async () => {
      const text = 'Warm up the router before the first message.';
      await scorer.score([text]);
      // The cache's encoder: the embedded one, or the embeddings endpoint, which must answer.
      await cacheEncoder.embed([text]);
    },
    close: async () => {
      await cacheLearning.close();
      await pool.close();
    },
  };
}
