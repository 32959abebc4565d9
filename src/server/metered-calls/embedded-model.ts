import type { LocalModelStatus } from '../../gateway';
import {
  createEmbeddedLocalProvider,
  type EmbeddedLocalProviderOptions,
  type LocalChatProvider,
} from '../../gateway/model-calling';

/** The embedded model (docs/decisions/006): called through the metered calls only; its state for the status route. */
export interface EmbeddedModel {
  readonly provider: LocalChatProvider;
  status(): LocalModelStatus;
  close(): Promise<void>;
}

/** One embedded model for the whole process; nothing loads until the first request. */
export function createEmbeddedModel(options: EmbeddedLocalProviderOptions): EmbeddedModel {
  const provider = createEmbeddedLocalProvider(options);
  return { provider, status: () => provider.status(), close: () => provider.close() };
}
