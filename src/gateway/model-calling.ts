/**
 * The gateway's model-calling parts: the provider adapters behind the one ChatProvider interface,
 * the gateway that picks them by catalog id, and the embedded model. Only the metered-call module
 * (src/server/metered-calls) may import them, so every model call made for an organisation is
 * reserved, deadlined, recorded and settled in one place (.dependency-cruiser.cjs says so). The
 * rest of the gateway (catalog, router, cache, embeddings, the prompt and error types) is in
 * ./index.ts for everyone.
 */
export type { ChatProvider, ChatStreamPart, ChatStreamRequest } from './providers/chat-provider';

export { createModelGateway } from './providers/model-gateway';
export { warmProviderProtocols, type ProtocolWarmUp } from './providers/warm-provider-protocols';
export {
  createEmbeddedLocalProvider,
  type EmbeddedLocalProviderOptions,
} from './providers/local/embedded-local-provider';
export type { LocalChatProvider } from './providers/local/local-chat-provider';
export {
  createEmbeddingGateway,
  type EmbeddingGateway,
} from './providers/embedding-gateway';
