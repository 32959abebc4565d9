import { resolveLocalModelFile, type LocalModelSource } from './bundled-model';
import { createLlamaEngine, type LlamaEngineOptions } from './llama-engine';
import { createLocalChatProvider, type LocalChatProvider, type LocalChatProviderOptions } from './local-chat-provider';

/** Everything the server decides about the embedded model; only `cacheDirectory` is required. */
export type EmbeddedLocalProviderOptions = LocalModelSource &
  Omit<LocalChatProviderOptions, 'engine'> &
  Omit<LlamaEngineOptions, 'resolveModelPath'>;

/**
 * The embedded model as a ChatProvider for `createModelGateway({ localProvider })`: the bundled
 * TinyLlama (assembled into `cacheDirectory` on first use) or the GGUF at `modelPath`, run on
 * the CPU by node-llama-cpp. Nothing is loaded until the first request or `load()`; share one
 * instance across every gateway and `close()` it on shutdown.
 */
export function createEmbeddedLocalProvider(options: EmbeddedLocalProviderOptions): LocalChatProvider {
  const engine = createLlamaEngine({ ...options, resolveModelPath: () => resolveLocalModelFile(options) });
  return createLocalChatProvider({ ...options, engine });
}
