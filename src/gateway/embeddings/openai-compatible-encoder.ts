import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { GatewayError } from '../providers/gateway-error';
import { toGatewayError } from '../providers/map-provider-error';
import { normalise, type SentenceEncoder } from './sentence-encoder';

export interface OpenAiCompatibleEncoderOptions {
  /** Up to and including the version, e.g. `https://api.openai.com/v1`; the encoder posts to `${baseURL}/embeddings`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`; local servers often need none. */
  apiKey?: string;
  /** The endpoint's embedding model, e.g. `text-embedding-3-small`. */
  model: string;
  /** The length every returned vector must have. */
  dimensions: number;
  /** Texts per request; default 64, at most 2048 (OpenAI's limit). */
  batchSize?: number;
  /**
   * Ask the endpoint for `dimensions` (OpenAI's `dimensions` field, which shortens text-embedding-3
   * vectors). Default true; turn it off for models that refuse the field (text-embedding-ada-002,
   * many self-hosted servers) and give their native length as `dimensions` instead.
   */
  sendDimensions?: boolean;
  /** Per request; default 10 seconds. Expiry is a retryable GatewayError of kind 'timeout'. */
  timeoutMs?: number;
}

const maxBatchSize = 2048;
const provider = 'openai-compatible';

/**
 * A SentenceEncoder backed by an OpenAI-compatible `/embeddings` endpoint, through the AI SDK.
 * Returns unit vectors in input order; every failure, including a vector of the wrong length,
 * is a GatewayError. Makes no retries of its own, like the chat adapters.
 */
export function createOpenAiCompatibleEncoder(options: OpenAiCompatibleEncoderOptions): SentenceEncoder {
  const { model, dimensions, batchSize = 64, sendDimensions = true, timeoutMs = 10_000 } = options;
  if (!Number.isInteger(dimensions) || dimensions <= 0)
    throw new Error(`dimensions must be a positive integer, got ${dimensions}`);
  if (!Number.isInteger(batchSize) || batchSize <= 0 || batchSize > maxBatchSize) {
    throw new Error(`batchSize must be an integer from 1 to ${maxBatchSize}, got ${batchSize}`);
  }
  const embeddingModel = createOpenAICompatible({
    name: provider,
    baseURL: options.baseURL,
    apiKey: options.apiKey,
  }).embeddingModel(model);
  const providerOptions = sendDimensions ? { openaiCompatible: { dimensions } } : undefined;
  const label = `${provider} embeddings (${model})`;

  async function embedBatch(batch: string[]): Promise<Float32Array[]> {
    let result: Awaited<ReturnType<typeof embedMany>>;
    try {
      result = await embedMany({
        model: embeddingModel,
        values: batch,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(timeoutMs),
        providerOptions,
      });
    } catch (error) {
      throw relabel(toGatewayError(error, provider), label);
    }
    const embeddings = inIndexOrder(result.embeddings, result.responses?.[0]?.body);
    if (embeddings.length !== batch.length) {
      throw new GatewayError('unknown', `${label}: sent ${batch.length} texts, received ${embeddings.length} vectors`, {
        provider,
      });
    }
    return embeddings.map((values) => {
      if (values.length !== dimensions) {
        throw new GatewayError(
          'unknown',
          `${label}: expected vectors of ${dimensions} dimensions, received ${values.length}; set the encoder's dimensions to the model's`,
          { provider },
        );
      }
      return normalise(values);
    });
  }

  return {
    id: `${provider}:${model}:${dimensions}`,
    dimensions,
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
      }
      return vectors;
    },
  };
}

/**
 * The AI SDK keeps the order of `data` and drops each item's `index`; the OpenAI format pairs
 * vectors with inputs by that index, so reorder by it when the raw body carries a full set.
 */
function inIndexOrder(embeddings: number[][], rawBody: unknown): number[][] {
  const data = (rawBody as { data?: { index?: unknown }[] } | undefined)?.data;
  if (!Array.isArray(data) || data.length !== embeddings.length) return embeddings;
  const ordered: number[][] = new Array(embeddings.length);
  for (const [position, item] of data.entries()) {
    const index = item?.index;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= embeddings.length ||
      ordered[index]
    )
      return embeddings;
    ordered[index] = embeddings[position]!;
  }
  return ordered;
}

/** Names the embeddings endpoint in the message, so an operator can tell it from a chat provider. */
function relabel(error: GatewayError, label: string): GatewayError {
  const message = error.message.startsWith(`${provider}: `)
    ? `${label}: ${error.message.slice(provider.length + 2)}`
    : error.message;
  return new GatewayError(error.kind, message, {
    status: error.status,
    provider,
    retryAfterSeconds: error.retryAfterSeconds,
    cause: error.cause ?? error,
  });
}
