/** The model gateway: catalog, provider adapters behind one ChatProvider interface, usage. */
export type { CapabilityTier, CatalogModel, ProviderName } from './catalog/catalog-schema';
export { catalogModelSchema, modelCatalogSchema, providerNames } from './catalog/catalog-schema';
export { blendedPrice, findModel, listModelsByTier, parseModelId } from './catalog/catalog-queries';
export { modelCatalog } from './catalog/model-catalog';
export { parseDeclaredModels, type DeclaredModels } from './catalog/declared-models';
export { costOfUsage } from './catalog/usage-cost';
export { catalogTokenPrices, type PricedModel, type TokenPrices } from './catalog/token-prices';
export { embeddingModel, embeddingModelCatalog, type EmbeddingModel } from './catalog/embedding-models';
export { parseDeclaredEmbeddingModels } from './catalog/declared-embedding-models';
// The model-calling parts (ChatProvider, the adapters, createModelGateway, the embedded model) are in
// ./model-calling.ts, for the metered-call module alone.
export type {
  ChatFinishReason,
  ChatImage,
  ChatMessage,
  ChatResponseFormat,
  ChatTool,
  ChatToolCall,
  ChatToolChoice,
} from './providers/chat-provider';
export type { ApiKeyCredential, OpenAiCompatibleCredential, ProviderCredentials } from './providers/credentials';
export { resolveInstanceCredentials } from './providers/credentials';
export { errorKindForStatus, GatewayError, type GatewayErrorKind } from './providers/gateway-error';
export { isProviderAvailable, listAvailableModels, type AvailabilityOptions } from './providers/model-availability';
export {
  createAddressGuard,
  type AddressGuard,
  type AddressGuardOptions,
  type UrlRefusal,
} from './network/address-guard';
export { parseNetwork } from './network/address-policy';
export type { ResolveHost, ResolvedAddress } from './network/host-addresses';
export { resolveLocalModelFile, type LocalModelSource } from './providers/local/bundled-model';
export type { LocalModelState, LocalModelStatus } from './providers/local/generation-engine';
export {
  chatFormatTokens,
  countMessagesTokens,
  countTextTokens,
  estimateMessagesTokens,
  estimateTextTokens,
  type TokenUsage,
} from './usage/token-usage';
export { cosineSimilarity, normalise, type SentenceEncoder } from './embeddings/sentence-encoder';
export { createLocalSentenceEncoder, type LocalSentenceEncoderOptions } from './embeddings/local-sentence-encoder';
export {
  createWorkerPoolEncoder,
  type WorkerPoolEncoder,
  type WorkerPoolEncoderOptions,
} from './embeddings/worker-pool-encoder';
export { createRememberingEncoder, type RememberingEncoderOptions } from './embeddings/remembering-encoder';
export { createCountedEncoder } from './embeddings/counted-encoder';
export { defaultCacheSettings, resolveCacheSettings, type CacheSettings } from './cache/cache-settings';
export { cacheKeyFor, type CacheKey, type CacheRequest, type ContextMessage } from './cache/cache-key';
export { isCacheable } from './cache/cacheability';
export { selectCacheHit, decideCacheHit, nearestCandidate, type CacheDecision } from './cache/cache-decision';
export { embedPrompts } from './cache/prompt-embedding';
export { createLazyPromptEmbedding, type LazyPromptEmbedding } from './cache/lazy-prompt-embedding';
export {
  decideCacheHitWithJudge,
  isBorderline,
  type JudgedCacheDecision,
  type SameQuestionJudge,
} from './cache/same-question-judge';
export {
  createModelSameQuestionJudge,
  judgeMaxOutputTokens,
  judgeMessages,
  type ModelJudgeVerdict,
  type ModelSameQuestionJudge,
} from './cache/model-same-question-judge';
export { createPromptRouter, type PromptRouter } from './routing/prompt-router';
export { loadPromptRouterArtifact, type PromptRouterArtifact } from './routing/router-artifact';
export { chooseModelTier } from './routing/model-tier-choice';
export { thresholdForQualityTarget } from './routing/quality-calibration';
export type { PromptRouterOptions } from './routing/prompt-router';
export { defaultPromptRouterArtifactPath, parsePromptRouterArtifact } from './routing/router-artifact';
export type { QualityCalibration } from './routing/quality-calibration';
export type { TierChoice, TierChoiceInput } from './routing/model-tier-choice';
export { routingTextForConversation } from './routing/routing-text';
export { promptKind, promptKindLabels, promptKinds, type PromptKind } from './routing/prompt-kind';
export { cacheSettingsSchema } from './cache/cache-settings';
export { contextHash, type CacheScope } from './cache/cache-key';
export { normalisePrompt } from './cache/normalise-prompt';
export type { CacheabilityVerdict, NotCacheableReason } from './cache/cacheability';
export { verifyCandidate, type Verification, type VerificationReason } from './cache/near-miss-verifier';
export type { CacheCandidate, CacheDecisionReason } from './cache/cache-decision';
export { encoderTextFor } from './cache/prompt-embedding';
export {
  createOpenAiCompatibleEncoder,
  type OpenAiCompatibleEncoderOptions,
} from './embeddings/openai-compatible-encoder';
