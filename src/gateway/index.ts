/** The model gateway: catalog, provider adapters behind one ChatProvider interface, usage. */
export type { CapabilityTier, CatalogModel, ProviderName } from './catalog/catalog-schema';

export { blendedPrice, findModel } from './catalog/catalog-queries';
export { modelCatalog } from './catalog/model-catalog';
export { parseDeclaredModels } from './catalog/declared-models';
export { costOfUsage } from './catalog/usage-cost';
export { catalogTokenPrices, type PricedModel, type TokenPrices } from './catalog/token-prices';
export { embeddingModelCatalog, type EmbeddingModel } from './catalog/embedding-models';
export { parseDeclaredEmbeddingModels } from './catalog/declared-embedding-models';
// The model-calling parts (ChatProvider, the adapters, createModelGateway, the embedded model) are in
// ./model-calling.ts, for the metered-call module alone.
export type {
  ChatFinishReason,
  ChatMessage,
  ChatResponseFormat,
  ChatTool,
  ChatToolChoice,
} from './providers/chat-provider';
export type { ProviderCredentials } from './providers/credentials';
export { resolveInstanceCredentials } from './providers/credentials';
export { GatewayError, type GatewayErrorKind } from './providers/gateway-error';
export { isProviderAvailable, listAvailableModels } from './providers/model-availability';
export {
  createAddressGuard,
  type AddressGuard,
} from './network/address-guard';
export { parseNetwork } from './network/address-policy';

export type { LocalModelStatus } from './providers/local/generation-engine';
export {
  chatFormatTokens,
  countMessagesTokens,
  countTextTokens,
  estimateMessagesTokens,
  estimateTextTokens,
  type TokenUsage,
} from './usage/token-usage';
export type { SentenceEncoder } from './embeddings/sentence-encoder';
export { createLocalSentenceEncoder } from './embeddings/local-sentence-encoder';
export { createWorkerPoolEncoder } from './embeddings/worker-pool-encoder';
export { createRememberingEncoder } from './embeddings/remembering-encoder';
export { createCountedEncoder } from './embeddings/counted-encoder';
export { defaultCacheSettings, type CacheSettings } from './cache/cache-settings';
export { cacheKeyFor, type CacheKey, type CacheRequest } from './cache/cache-key';
export { isCacheable } from './cache/cacheability';
export { selectCacheHit, nearestCandidate } from './cache/cache-decision';
export { embedPrompts } from './cache/prompt-embedding';
export { createLazyPromptEmbedding, type LazyPromptEmbedding } from './cache/lazy-prompt-embedding';
export {
  decideCacheHitWithJudge,
  isBorderline,
  type SameQuestionJudge,
} from './cache/same-question-judge';
export {
  createModelSameQuestionJudge,
  judgeMaxOutputTokens,
} from './cache/model-same-question-judge';
export {
  createCacheLearnerState,
  decideCacheLookup,
  learnCacheOutcome,
  type CacheLookupDecision,
  type CacheOutcome,
} from './cache/learning/cache-learner';
export { parseCacheLearnerState, type CacheLearnerState } from './cache/learning/cache-learner-state';
export { describePair, pairFeatureNames, type PairFeatures } from './cache/learning/pair-features';
export { createPromptRouter } from './routing/prompt-router';
export { loadPromptRouterArtifact, type PromptRouterArtifact } from './routing/router-artifact';
export { chooseModelTier } from './routing/model-tier-choice';
export { thresholdForQualityTarget } from './routing/quality-calibration';

export { routingTextForConversation } from './routing/routing-text';
export { promptKind, promptKindLabels, promptKinds, type PromptKind } from './routing/prompt-kind';

export { verifyCandidate } from './cache/near-miss-verifier';

export { encoderTextFor } from './cache/prompt-embedding';
export { createOpenAiCompatibleEncoder } from './embeddings/openai-compatible-encoder';

export { encoderWindow } from './routing/routing-text';
export { type OnlineRouterState, parseOnlineRouterState } from './routing/learning/online-router-state';
export {
  createOnlineRouterState,
  learnOnlineRouter,
  scoreOnlineRouter,
  type RouterLabel,
} from './routing/learning/online-router';
export { learnedThresholdForQuality, type LearnedThreshold } from './routing/learning/learned-threshold';
