import { streamText, type LanguageModel, type LanguageModelUsage } from 'ai';
import type { ProviderName } from '../catalog/catalog-schema';
import { estimateMessagesTokens, estimateTextTokens } from '../usage/token-usage';
import type { ChatFinishReason, ChatProvider, ChatStreamPart, ChatStreamRequest } from './chat-provider';
import { GatewayError } from './gateway-error';
import { toGatewayError } from './map-provider-error';

/** What an AI SDK adapter needs: the provider's name and a factory for its language models. */
export interface AiSdkChatProviderOptions {
  provider: ProviderName;
  /** Builds the AI SDK model for the provider's own model name ('gpt-4o-mini'). */
  languageModel: (providerModelId: string) => LanguageModel;
}

/** A ChatProvider over the AI SDK's streamText; `modelId` is the provider's own model name. */
export function createAiSdkChatProvider(options: AiSdkChatProviderOptions): ChatProvider {
  return { stream: (request) => streamWithAiSdk(options, request) };
}

async function* streamWithAiSdk(options: AiSdkChatProviderOptions, request: ChatStreamRequest): AsyncGenerator<ChatStreamPart> {
  // Our own controller also stops the upstream call when the consumer stops iterating early.
  const upstream = new AbortController();
  const stopUpstream = () => upstream.abort(request.abortSignal?.reason);
  if (request.abortSignal?.aborted) stopUpstream();
  request.abortSignal?.addEventListener('abort', stopUpstream, { once: true });
  let outputText = '';
  let reportedUsage: LanguageModelUsage | undefined;
  let finishReason: ChatFinishReason = 'other';
  try {
    const result = streamText({
      model: options.languageModel(request.modelId),
      messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
      // Roles come from our server, not from users, so system messages here are trusted.
      allowSystemInMessages: true,
      maxOutputTokens: request.maxOutputTokens,
      temperature: request.temperature,
      abortSignal: upstream.signal,
      // Retries are the gateway's middleware's job, so one call is one upstream request.
      maxRetries: 0,
      // Errors arrive as stream parts below; the default handler would only log them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text.length > 0) {
        outputText += part.text;
        yield { type: 'text', text: part.text };
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        finishReason = 'aborted';
      } else if (part.type === 'finish') {
        reportedUsage = part.totalUsage;
        finishReason = part.finishReason === 'error' ? 'other' : part.finishReason;
      }
    }
  } catch (error) {
    if (request.abortSignal?.aborted !== true) throw toGatewayError(error, options.provider);
    finishReason = 'aborted';
  } finally {
    request.abortSignal?.removeEventListener('abort', stopUpstream);
    upstream.abort();
  }
  if (finishReason === 'aborted' && isTimeout(request.abortSignal?.reason)) {
    throw new GatewayError('timeout', `${options.provider}: the request timed out`, { provider: options.provider });
  }
  yield normaliseUsage(reportedUsage, request, outputText);
  yield { type: 'finish', reason: finishReason };
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

function normaliseUsage(usage: LanguageModelUsage | undefined, request: ChatStreamRequest, outputText: string): ChatStreamPart {
  const inputTokens = usage?.inputTokens;
  const outputTokens = usage?.outputTokens;
  const estimated = inputTokens === undefined || outputTokens === undefined;
  return {
    type: 'usage',
    estimated,
    inputTokens: inputTokens ?? estimateMessagesTokens(request.messages),
    cachedInputTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
    outputTokens: outputTokens ?? estimateTextTokens(outputText),
  };
}
