import type { LanguageModelV3, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { ProviderName } from '../catalog/catalog-schema';
import { countMessagesTokens, countTextTokens } from '../usage/token-usage';
import { toCallOptions } from './ai-sdk-prompt';
import type { ChatFinishReason, ChatProvider, ChatStreamPart, ChatStreamRequest } from './chat-provider';
import { GatewayError } from './gateway-error';
import { toGatewayError } from './map-provider-error';
import { responseStarted } from './response-start';

/** What an AI SDK adapter needs: the provider's name and a factory for its language models. */
export interface AiSdkChatProviderOptions {
  provider: ProviderName;
  /** Builds the AI SDK model for the provider's own model name ('gpt-4o-mini'). */
  languageModel: (providerModelId: string) => LanguageModelV3;
}

/**
 * A ChatProvider over an AI SDK language model; `modelId` is the provider's own model name.
 * It reads the model's own stream (`doStream`, the level AI SDK middleware works at) rather than
 * `streamText`: one call, no steps (tools are the program's to run: their calls are passed out),
 * so streamText's extra stream stages only cost CPU on every token (docs/benchmarks/gateway.md).
 */
export function createAiSdkChatProvider(options: AiSdkChatProviderOptions): ChatProvider {
  return { stream: (request) => streamWithAiSdk(options, request) };
}

async function* streamWithAiSdk(
  options: AiSdkChatProviderOptions,
  request: ChatStreamRequest,
): AsyncGenerator<ChatStreamPart> {
  // Our own controller also stops the upstream call when the consumer stops iterating early.
  const upstream = new AbortController();
  const stopUpstream = () => upstream.abort(request.abortSignal?.reason);
  if (request.abortSignal?.aborted) stopUpstream();
  request.abortSignal?.addEventListener('abort', stopUpstream, { once: true });
  let outputText = '';
  let reportedUsage: LanguageModelV3Usage | undefined;
  let finishReason: ChatFinishReason = 'other';
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  try {
    const headers = responseStarted(upstream.signal);
    const streaming = Promise.resolve(
      options.languageModel(request.modelId).doStream({
        ...toCallOptions(request),
        maxOutputTokens: request.maxOutputTokens,
        temperature: request.temperature,
        abortSignal: upstream.signal,
        includeRawChunks: false,
      }),
    );
    // Its failure is read below; meanwhile it must not count as unhandled.
    streaming.catch(() => undefined);
    // The headers are in before doStream resolves (OpenAI's waits for the first output), or with it.
    await Promise.race([headers, streaming]);
    yield { type: 'response-start' };
    const { stream } = await streaming;
    reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const part = next.value;
      if (part.type === 'text-delta' && part.delta.length > 0) {
        outputText += part.delta;
        yield { type: 'text', text: part.delta };
      } else if (part.type === 'tool-call' && !part.providerExecuted) {
        outputText += part.input;
        yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        reportedUsage = part.usage;
        finishReason = part.finishReason.unified === 'error' ? 'other' : part.finishReason.unified;
      }
    }
    if (request.abortSignal?.aborted) finishReason = 'aborted';
  } catch (error) {
    if (request.abortSignal?.aborted !== true) throw toGatewayError(error, options.provider);
    finishReason = 'aborted';
  } finally {
    request.abortSignal?.removeEventListener('abort', stopUpstream);
    upstream.abort();
    reader?.releaseLock();
  }
  if (finishReason === 'aborted' && isTimeout(request.abortSignal?.reason)) {
    throw new GatewayError('timeout', `${options.provider}: the request timed out`, { provider: options.provider });
  }
  yield await normaliseUsage(reportedUsage, request, outputText);
  yield { type: 'finish', reason: finishReason };
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

async function normaliseUsage(
  usage: LanguageModelV3Usage | undefined,
  request: ChatStreamRequest,
  outputText: string,
): Promise<ChatStreamPart> {
  const inputTokens = usage?.inputTokens.total;
  const outputTokens = usage?.outputTokens.total;
  const estimated = inputTokens === undefined || outputTokens === undefined;
  return {
    type: 'usage',
    estimated,
    inputTokens: inputTokens ?? (await countMessagesTokens(request.messages)),
    cachedInputTokens: usage?.inputTokens.cacheRead ?? 0,
    outputTokens: outputTokens ?? (await countTextTokens(outputText)),
  };
}
