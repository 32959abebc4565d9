import type { TokenUsage } from '../usage/token-usage';
import { sseFrame, type AnswerContext, type WireFormat } from './wire-format';

// Shapes as in the Gemini API reference and @ai-sdk/google's chunkSchema.
const statusNameByStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const finishReasonByFinish = { stop: 'STOP', length: 'MAX_TOKENS' } as const;

type GeminiContent = { role?: string; parts?: { text?: string }[] };

function partsText(content: GeminiContent | undefined): string {
  return (content?.parts ?? []).map((part) => part.text ?? '').join('');
}

// promptTokenCount includes the cached tokens, which are also given apart.
function usageMetadata(usage: TokenUsage) {
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
    ...(usage.cachedInputTokens > 0 ? { cachedContentTokenCount: usage.cachedInputTokens } : {}),
  };
}

function candidateChunk(context: AnswerContext, text: string, finished: boolean) {
  return {
    candidates: [
      {
        content: {
          parts: [
            ...(text || !finished || context.reply.toolCalls.length === 0 ? [{ text }] : []),
            // Gemini sends its function calls whole, in the last chunk.
            ...(finished
              ? context.reply.toolCalls.map((call) => ({
                  functionCall: { name: call.name, args: JSON.parse(call.arguments) as unknown },
                }))
              : []),
          ],
          role: 'model',
        },
        index: 0,
        ...(finished ? { finishReason: finishReasonByFinish[context.reply.finishReason] } : {}),
      },
    ],
    ...(finished && context.reply.usage ? { usageMetadata: usageMetadata(context.reply.usage) } : {}),
    modelVersion: context.model,
    responseId: context.id,
  };
}

/** Gemini generateContent / streamGenerateContent?alt=sse; the model is named in the path. */
export const googleWire: WireFormat = {
  name: 'google',
  readPrompt(body, path) {
    const request = body as {
      contents?: GeminiContent[];
      systemInstruction?: GeminiContent;
      generationConfig?: { maxOutputTokens?: number };
    };
    const contents = request.contents ?? [];
    const systemText = partsText(request.systemInstruction);
    const match = /\/models\/([^/:]+):(\w+)/.exec(path);
    return {
      model: match?.[1] ?? 'unknown',
      stream: match?.[2] === 'streamGenerateContent',
      includeUsage: true,
      texts: [...(systemText ? [systemText] : []), ...contents.map(partsText)],
      lastUserText: partsText(contents.filter((content) => content.role === 'user').at(-1)),
      maxOutputTokens: request.generationConfig?.maxOutputTokens,
    };
  },
  errorBody(status, message) {
    const statusName = statusNameByStatus[status] ?? 'UNKNOWN';
    return {
      error: { code: status, message: message ?? statusName.toLowerCase().replaceAll('_', ' '), status: statusName },
    };
  },
  openingFrames: () => [],
  textFrame: (text, context) => sseFrame(candidateChunk(context, text, false)),
  errorFrame: () => sseFrame({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }),
  closingFrames: (context) => [sseFrame(candidateChunk(context, '', true))],
  completeBody: (context) => candidateChunk(context, context.reply.text, true),
};
