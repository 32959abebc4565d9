/** The model gateway: catalog, provider adapters behind one ChatProvider interface, usage. */
export type { CapabilityTier, CatalogModel, ProviderName } from './catalog/catalog-schema';
export { catalogModelSchema, modelCatalogSchema, providerNames } from './catalog/catalog-schema';
export { blendedPrice, findModel, listModelsByTier, parseModelId } from './catalog/catalog-queries';
export { modelCatalog } from './catalog/model-catalog';
export { costOfUsage } from './catalog/usage-cost';
export type { ChatFinishReason, ChatMessage, ChatProvider, ChatStreamPart, ChatStreamRequest } from './providers/chat-provider';
export { createAiSdkChatProvider } from './providers/ai-sdk-chat-provider';
export type { ApiKeyCredential, OpenAiCompatibleCredential, ProviderCredentials } from './providers/credentials';
export { resolveInstanceCredentials } from './providers/credentials';
export { errorKindForStatus, GatewayError, type GatewayErrorKind } from './providers/gateway-error';
export { isProviderAvailable, listAvailableModels, type AvailabilityOptions } from './providers/model-availability';
export { createModelGateway, type ModelGatewayOptions } from './providers/model-gateway';
export { createEmbeddedLocalProvider, type EmbeddedLocalProviderOptions } from './providers/local/embedded-local-provider';
export { resolveLocalModelFile, type LocalModelSource } from './providers/local/bundled-model';
export type { LocalChatProvider } from './providers/local/local-chat-provider';
export { estimateMessagesTokens, estimateTextTokens, type TokenUsage } from './usage/token-usage';
export { cosineSimilarity, normalise, type SentenceEncoder } from './embeddings/sentence-encoder';
export { createLocalSentenceEncoder, type LocalSentenceEncoderOptions } from './embeddings/local-sentence-encoder';
