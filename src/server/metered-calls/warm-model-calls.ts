import { warmProviderProtocols, type ProtocolWarmUp } from '../../gateway/model-calling';

/**
 * Streams one short reply through each cloud provider's adapter from a stand-in on 127.0.0.1 (no
 * organisation's call, nothing billed), so the first real call does not pay for compiling that
 * code (docs/benchmarks/first-message.md). Never throws: a protocol that failed says so in its entry.
 */
export function warmModelProtocols(): Promise<ProtocolWarmUp[]> {
  return warmProviderProtocols();
}
