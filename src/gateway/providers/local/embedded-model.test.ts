import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectStream } from '../../testing/collect-stream';
import { failOnConsoleOutput } from '../../testing/fail-on-console-output';
import type { ChatMessage } from '../chat-provider';
import { createEmbeddedLocalProvider } from './embedded-local-provider';
import type { LocalChatProvider } from './local-chat-provider';

failOnConsoleOutput();

// The real TinyLlama on the CPU: a few seconds to assemble and load, then 1-13 tokens a second
// on 2 busy cores, so replies stay short and the timeouts generous.
let cacheDirectory: string;
let provider: LocalChatProvider;
/** The model's status as it was sampled while it loaded. */
const statusesWhileLoading: string[] = [];
const progressWhileLoading: number[] = [];

beforeAll(async () => {
  cacheDirectory = await mkdtemp(join(tmpdir(), 'embedded-model-'));
  provider = createEmbeddedLocalProvider({ cacheDirectory });
  statusesWhileLoading.push(provider.status().state);
  const sampler = setInterval(() => {
    const status = provider.status();
    if (statusesWhileLoading.at(-1) !== status.state) statusesWhileLoading.push(status.state);
    if (status.progress !== undefined) progressWhileLoading.push(status.progress);
  }, 2);
  try {
    await provider.load();
  } finally {
    clearInterval(sampler);
  }
  statusesWhileLoading.push(provider.status().state);
}, 120_000);

afterAll(async () => {
  await provider?.close();
  await rm(cacheDirectory, { recursive: true, force: true });
});

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are a helpful assistant. Answer briefly.' },
  { role: 'user', content: 'What is the capital of France?' },
];

describe('the embedded TinyLlama', () => {
  it('reports its loading: not loaded, its file prepared, loading with a progress from 0 to 1, then ready', () => {
    expect(statusesWhileLoading[0]).toBe('not_loaded');
    expect(statusesWhileLoading).toContain('preparing');
    expect(statusesWhileLoading.at(-1)).toBe('ready');
    expect(statusesWhileLoading.indexOf('preparing')).toBeLessThan(statusesWhileLoading.lastIndexOf('ready'));
    expect(progressWhileLoading.every((progress) => progress >= 0 && progress <= 1)).toBe(true);
  });

  it('streams a reply with the real token usage', { timeout: 180_000 }, async () => {
    const result = await collectStream(
      provider.stream({ modelId: 'tinyllama-1.1b-chat-v1.0-iq2_xxs', messages, maxOutputTokens: 24, temperature: 0 }),
    );
    expect(result.error).toBeUndefined();
    expect(result.texts.join('').trim()).not.toBe('');
    expect(result.texts.every((text) => text.length > 0)).toBe(true);
    expect(result.partTypes).toEqual(['response-start', ...result.texts.map(() => 'text'), 'usage', 'finish']);
    expect(['stop', 'length']).toContain(result.finishReason);
    expect(result.usage?.estimated).toBe(false);
    // '<|system|>\nYou are a helpful assistant. Answer briefly.</s> \n<|user|>\nWhat is the capital
    // of France?</s> \n<|assistant|>\n' is 41 tokens in TinyLlama's vocabulary (the file is pinned by hash).
    expect(result.usage?.inputTokens).toBe(41);
    // Every streamed piece is at least one token; the end-of-turn token counts too; never past the cap.
    expect(result.usage?.outputTokens).toBeGreaterThanOrEqual(result.texts.length);
    expect(result.usage?.outputTokens).toBeLessThanOrEqual(24);
  });

  it('stops generating when aborted and reports the tokens generated so far', { timeout: 180_000 }, async () => {
    const controller = new AbortController();
    const story: ChatMessage[] = [{ role: 'user', content: 'Write a long story about a lighthouse keeper.' }];
    const result = await collectStream(
      provider.stream({
        modelId: 'tinyllama-1.1b-chat-v1.0-iq2_xxs',
        messages: story,
        maxOutputTokens: 200,
        temperature: 0,
        abortSignal: controller.signal,
      }),
      (text) => {
        if (text.trim() !== '') controller.abort();
      },
    );
    expect(result.error).toBeUndefined();
    expect(result.finishReason).toBe('aborted');
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
    // The abort lands between two tokens; besides the text seen, only the token being sampled and
    // any held back while they might start a stop marker can have been generated.
    expect(result.usage?.outputTokens).toBeLessThanOrEqual(result.texts.length + 3);
    expect(result.partTypes.slice(-2)).toEqual(['usage', 'finish']);
  });
});
