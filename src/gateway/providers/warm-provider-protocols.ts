import { collectStream } from '../testing/collect-stream';
import { startFakeProviderServer } from '../testing/fake-provider-server';
import { providerCases } from '../testing/provider-cases';
import type { ProviderName } from '../catalog/catalog-schema';

/** What one protocol's warm-up call brought back. */
export interface ProtocolWarmUp {
  provider: Exclude<ProviderName, 'local'>;
  text: string;
  error?: unknown;
}

/**
 * Streams one short reply through each cloud provider's adapter (OpenAI, Anthropic, Google and
 * OpenAI-compatible) from a stand-in on 127.0.0.1 that speaks each provider's wire format: the
 * same AI SDK code and the same HTTP client a real call runs, with nothing sent off the machine
 * and nothing billed. Without it the first real model call after a start spends ~60-150 ms
 * compiling that code (docs/benchmarks/first-message.md). Nothing throws: a protocol that fails
 * to warm says so in its entry, and its first real call compiles it instead.
 */
export async function warmProviderProtocols(): Promise<ProtocolWarmUp[]> {
  const standIn = await startFakeProviderServer();
  standIn.setDefaultReply({ text: 'Warm.' });
  try {
    const results: ProtocolWarmUp[] = [];
    for (const protocol of providerCases) {
      const stream = protocol
        .create(standIn.url)
        .stream({ modelId: protocol.modelId, messages: [{ role: 'user', content: 'Warm up.' }], maxOutputTokens: 8 });
      const collected = await collectStream(stream);
      results.push({
        provider: protocol.provider,
        text: collected.texts.join(''),
        ...(collected.error === undefined ? {} : { error: collected.error }),
      });
    }
    return results;
  } finally {
    await standIn.close();
  }
}
