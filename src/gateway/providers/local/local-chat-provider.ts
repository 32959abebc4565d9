import type { ChatProvider, ChatStreamPart, ChatStreamRequest } from '../chat-provider';
import { GatewayError } from '../gateway-error';
import type { GenerationEngine, GenerationResult, LocalModelStatus } from './generation-engine';
import { createGenerationQueue, QueueFullError } from './generation-queue';

/** The embedded model's provider: a ChatProvider that can be warmed up and must be closed. */
export interface LocalChatProvider extends ChatProvider {
  /** Loads the model now (optional: the first request loads it otherwise). */
  load(): Promise<void>;
  /** Whether the model is loaded, or how far its loading has come. */
  status(): LocalModelStatus;
  /** Stops accepting requests and frees the model; call it on shutdown. */
  close(): Promise<void>;
}

/** How requests reach the engine. */
export interface LocalChatProviderOptions {
  engine: GenerationEngine;
  /** Requests that may wait while one generates; more are refused with 503. Defaults to 8. */
  maxWaiting?: number;
  /** Sent as Retry-After when the queue is full. Defaults to 10 seconds. */
  retryAfterSeconds?: number;
  /** Reply length when the request sets none. Defaults to 512. */
  defaultMaxOutputTokens?: number;
}

/**
 * A ChatProvider over a local GenerationEngine. Only one generation runs at a time (the model
 * uses every core); callers wait in order, up to `maxWaiting`, and past that get a retryable
 * 'unavailable' GatewayError with status 503 and `retryAfterSeconds`. The request's `modelId`
 * is ignored: the engine runs one model.
 */
export function createLocalChatProvider(options: LocalChatProviderOptions): LocalChatProvider {
  const maxWaiting = options.maxWaiting ?? 8;
  const queue = createGenerationQueue({ maxWaiting });
  const retryAfterSeconds = options.retryAfterSeconds ?? 10;
  const busy = (cause?: unknown) =>
    new GatewayError('unavailable', 'The local model is busy', {
      provider: 'local',
      status: 503,
      retryAfterSeconds,
      cause,
    });
  // Aborted on close, so shutdown does not wait for a long reply before freeing the model.
  const shutdown = new AbortController();
  const running = new Set<Promise<unknown>>();

  async function* stream(request: ChatStreamRequest): AsyncGenerator<ChatStreamPart> {
    if (request.messages.length === 0)
      throw new GatewayError('bad_request', 'A chat needs at least one message', { provider: 'local' });
    if (shutdown.signal.aborted) throw shuttingDown();
    if (queue.busy && queue.waiting >= maxWaiting) throw busy();
    const acquiring = queue.acquire(request.abortSignal);
    // Taken into the queue: the embedded model's equivalent of a provider's response headers.
    yield { type: 'response-start' };
    let release: () => void;
    try {
      release = await acquiring;
    } catch (error) {
      if (error instanceof QueueFullError) throw busy(error);
      if (request.abortSignal?.aborted !== true) throw error;
      // Aborted while waiting: nothing was evaluated.
      yield* finishStream(request, { inputTokens: 0, outputTokens: 0, finishReason: 'aborted' });
      return;
    }
    try {
      if (shutdown.signal.aborted) throw shuttingDown();
      const result = yield* generateAsStream(options, request, shutdown.signal, running);
      yield* finishStream(request, result);
    } finally {
      release();
    }
  }

  async function close(): Promise<void> {
    shutdown.abort();
    await Promise.allSettled([...running]);
    await options.engine.close();
  }

  return { stream, load: () => options.engine.load(), status: () => options.engine.status(), close };
}

function shuttingDown(): GatewayError {
  return new GatewayError('unavailable', 'The local model is shutting down', { provider: 'local', status: 503 });
}

/** Runs one generation, yielding its text as it arrives; stops it when the consumer leaves. */
async function* generateAsStream(
  options: LocalChatProviderOptions,
  request: ChatStreamRequest,
  shutdownSignal: AbortSignal,
  running: Set<Promise<unknown>>,
): AsyncGenerator<ChatStreamPart, GenerationResult> {
  const stop = new AbortController();
  const stopGeneration = () => stop.abort(request.abortSignal?.reason);
  if (request.abortSignal?.aborted) stopGeneration();
  request.abortSignal?.addEventListener('abort', stopGeneration, { once: true });
  shutdownSignal.addEventListener('abort', stopGeneration, { once: true });

  const texts: string[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const generation = options.engine
    .generate({
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens ?? options.defaultMaxOutputTokens ?? 512,
      temperature: request.temperature,
      signal: stop.signal,
      onText: (text) => {
        texts.push(text);
        wake?.();
      },
    })
    .finally(() => {
      settled = true;
      wake?.();
    });
  // Without this a failure while the consumer is away would be an unhandled rejection.
  const settledGeneration = generation.catch(() => {});
  running.add(settledGeneration);
  try {
    for (;;) {
      const text = texts.shift();
      if (text !== undefined) {
        yield { type: 'text', text };
      } else if (settled) {
        return await generation;
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    }
  } finally {
    request.abortSignal?.removeEventListener('abort', stopGeneration);
    shutdownSignal.removeEventListener('abort', stopGeneration);
    // A consumer that stops reading must not leave the model generating for nobody, nor let the
    // next request start before this generation has stopped.
    stop.abort();
    await settledGeneration;
    running.delete(settledGeneration);
  }
}

/** The usage and finish parts; a timeout abort becomes a 'timeout' GatewayError instead. */
async function* finishStream(request: ChatStreamRequest, result: GenerationResult): AsyncGenerator<ChatStreamPart> {
  if (result.finishReason === 'aborted' && isTimeout(request.abortSignal?.reason)) {
    throw new GatewayError('timeout', 'local: the request timed out', { provider: 'local' });
  }
  yield {
    type: 'usage',
    estimated: false,
    inputTokens: result.inputTokens,
    cachedInputTokens: 0,
    outputTokens: result.outputTokens,
  };
  yield { type: 'finish', reason: result.finishReason };
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}
