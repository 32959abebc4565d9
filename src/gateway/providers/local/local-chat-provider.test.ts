import { describe, expect, it } from 'vitest';
import { collectStream } from '../../testing/collect-stream';
import { failOnConsoleOutput } from '../../testing/fail-on-console-output';
import type { ChatStreamRequest } from '../chat-provider';
import { GatewayError } from '../gateway-error';
import { createModelGateway } from '../model-gateway';
import type { GenerationEngine, GenerationRequest, GenerationResult } from './generation-engine';
import { createLocalChatProvider } from './local-chat-provider';

failOnConsoleOutput();

/**
 * A slow engine: emits one word per `delayMs`, stops early on its signal, and records what it
 * was asked, how many generations overlapped and whether it was closed.
 */
function createSlowEngine(options: { words?: string[]; delayMs?: number } = {}) {
  const words = options.words ?? ['Hello', ' from', ' the', ' local', ' model'];
  const requests: GenerationRequest[] = [];
  const state = { running: 0, maxRunning: 0, finished: 0, closed: false, loads: 0 };
  const engine: GenerationEngine = {
    async load() {
      state.loads += 1;
    },
    status: () => ({ state: state.loads > 0 ? 'ready' : 'not_loaded' }),
    async generate(request): Promise<GenerationResult> {
      requests.push(request);
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      let generated = 0;
      try {
        for (const word of words.slice(0, request.maxOutputTokens)) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.delayMs ?? 5);
            request.signal.addEventListener(
              'abort',
              () => {
                clearTimeout(timer);
                resolve();
              },
              { once: true },
            );
          });
          if (request.signal.aborted) return { inputTokens: 7, outputTokens: generated, finishReason: 'aborted' };
          generated += 1;
          request.onText(word);
        }
        return {
          inputTokens: 7,
          outputTokens: generated + 1,
          finishReason: generated < words.length ? 'length' : 'stop',
        };
      } finally {
        state.running -= 1;
        state.finished += 1;
      }
    },
    async close() {
      state.closed = true;
    },
  };
  return { engine, requests, state };
}

const request = (overrides: Partial<ChatStreamRequest> = {}): ChatStreamRequest => ({
  modelId: 'tinyllama-1.1b-chat-v1.0-iq2_xxs',
  messages: [{ role: 'user', content: 'Hi' }],
  ...overrides,
});

describe('createLocalChatProvider', () => {
  it('streams the text as generated, then the engine usage and finish reason', async () => {
    const { engine, requests } = createSlowEngine();
    const provider = createLocalChatProvider({ engine });
    const result = await collectStream(provider.stream(request({ maxOutputTokens: 3, temperature: 0.2 })));
    expect(result.error).toBeUndefined();
    expect(result.texts).toEqual(['Hello', ' from', ' the']);
    expect(result.partTypes).toEqual(['response-start', 'text', 'text', 'text', 'usage', 'finish']);
    expect(result.usage).toEqual({ estimated: false, inputTokens: 7, cachedInputTokens: 0, outputTokens: 4 });
    expect(result.finishReason).toBe('length');
    expect(requests[0]).toMatchObject({
      maxOutputTokens: 3,
      temperature: 0.2,
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('runs one generation at a time and refuses requests past the waiting bound with a retryable 503', async () => {
    const { engine, state } = createSlowEngine({ delayMs: 20 });
    const provider = createLocalChatProvider({ engine, maxWaiting: 2, retryAfterSeconds: 7 });
    const admitted = [1, 2, 3].map(() => collectStream(provider.stream(request())));
    const refused = await collectStream(provider.stream(request()));
    expect(refused.error).toBeInstanceOf(GatewayError);
    expect(refused.error).toMatchObject({
      kind: 'unavailable',
      status: 503,
      retryAfterSeconds: 7,
      isRetryable: true,
      provider: 'local',
    });
    expect(refused.partTypes).toEqual([]);

    const results = await Promise.all(admitted);
    expect(results.map((result) => result.finishReason)).toEqual(['stop', 'stop', 'stop']);
    expect(state.maxRunning).toBe(1);
    const later = await collectStream(provider.stream(request()));
    expect(later.finishReason).toBe('stop');
  });

  it('defaults to eight waiting requests', async () => {
    const { engine } = createSlowEngine({ delayMs: 10 });
    const provider = createLocalChatProvider({ engine });
    const streams = Array.from({ length: 10 }, () => collectStream(provider.stream(request())));
    const results = await Promise.all(streams);
    expect(results.filter((result) => result.error === undefined)).toHaveLength(9);
    expect(results[9]!.error).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('stops the generation when the caller aborts and reports the tokens generated so far', async () => {
    const { engine, state } = createSlowEngine({ delayMs: 10 });
    const provider = createLocalChatProvider({ engine });
    const controller = new AbortController();
    const result = await collectStream(provider.stream(request({ abortSignal: controller.signal })), (text) => {
      if (text === ' from') controller.abort();
    });
    expect(result.error).toBeUndefined();
    expect(result.texts).toEqual(['Hello', ' from']);
    expect(result.finishReason).toBe('aborted');
    expect(result.usage).toMatchObject({ inputTokens: 7, outputTokens: 2 });
    expect(state.running).toBe(0);
  });

  it('takes a request aborted while waiting out of the queue without generating for it', async () => {
    const { engine, requests } = createSlowEngine({ delayMs: 20 });
    const provider = createLocalChatProvider({ engine });
    const controller = new AbortController();
    const first = collectStream(provider.stream(request()));
    const waiting = collectStream(provider.stream(request({ abortSignal: controller.signal })));
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const abandoned = await waiting;
    expect(abandoned.finishReason).toBe('aborted');
    expect(abandoned.usage).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    expect((await first).finishReason).toBe('stop');
    expect(requests).toHaveLength(1);
  });

  it('turns a timeout into a timeout error', async () => {
    const { engine } = createSlowEngine({ delayMs: 50 });
    const provider = createLocalChatProvider({ engine });
    const result = await collectStream(provider.stream(request({ abortSignal: AbortSignal.timeout(20) })));
    expect(result.error).toMatchObject({ kind: 'timeout', provider: 'local', isRetryable: true });
  });

  it('stops generating when the consumer stops reading, before the next request starts', async () => {
    const { engine, requests, state } = createSlowEngine({ delayMs: 10 });
    const provider = createLocalChatProvider({ engine });
    const next = (async () => {
      for await (const part of provider.stream(request())) {
        if (part.type === 'text') break;
      }
      return state.finished;
    })();
    const second = collectStream(provider.stream(request()));
    expect(await next).toBe(1);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect((await second).finishReason).toBe('stop');
    expect(state.maxRunning).toBe(1);
  });

  it('passes engine failures on as they are', async () => {
    const failure = new GatewayError('unavailable', 'The local model could not be loaded', {
      provider: 'local',
      status: 503,
    });
    const provider = createLocalChatProvider({
      engine: {
        load: async () => {},
        status: () => ({ state: 'failed' }),
        generate: () => Promise.reject(failure),
        close: async () => {},
      },
    });
    const result = await collectStream(provider.stream(request()));
    expect(result.error).toBe(failure);
    // The slot was released: a second request reaches the engine too.
    expect((await collectStream(provider.stream(request()))).error).toBe(failure);
  });

  it('rejects a chat without messages', async () => {
    const { engine, requests } = createSlowEngine();
    const result = await collectStream(createLocalChatProvider({ engine }).stream(request({ messages: [] })));
    expect(result.error).toMatchObject({ kind: 'bad_request' });
    expect(requests).toHaveLength(0);
  });

  it('on close stops the running generation, refuses new requests and closes the engine', async () => {
    const { engine, state } = createSlowEngine({ delayMs: 20 });
    const provider = createLocalChatProvider({ engine });
    const running = collectStream(provider.stream(request()));
    const waiting = collectStream(provider.stream(request()));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await provider.close();
    expect(state.closed).toBe(true);
    expect(state.running).toBe(0);
    expect((await running).finishReason).toBe('aborted');
    expect((await waiting).error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect((await collectStream(provider.stream(request()))).error).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('is what the gateway calls for the local catalog model, capped at its maximum output', async () => {
    const { engine, requests } = createSlowEngine();
    const gateway = createModelGateway({ credentials: {}, localProvider: createLocalChatProvider({ engine }) });
    const result = await collectStream(
      gateway.stream({
        modelId: 'local/tinyllama-1.1b-chat',
        messages: [{ role: 'user', content: 'Hi' }],
        maxOutputTokens: 100_000,
      }),
    );
    expect(result.texts.join('')).toBe('Hello from the local model');
    expect(requests[0]!.maxOutputTokens).toBe(512);
  });
});
