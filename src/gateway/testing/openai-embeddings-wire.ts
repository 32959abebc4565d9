import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FakeReply } from './fake-reply';
import { openAiWire } from './openai-wire';
import { writeJson, type AnswerEnding } from './write-answer';

/** The vector length when the request names none. */
export const defaultEmbeddingDimensions = 64;
const maxDimensions = 4096;
// OpenAI's limit of inputs per request.
const maxInputs = 2048;

/** What the fake reads from a `POST /v1/embeddings` body. */
export interface EmbeddingsRequest {
  model: string;
  inputs: string[];
  dimensions: number;
  encodingFormat: 'float' | 'base64';
}

function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words : [text.trim()];
}

// FNV-1a, 32 bits: stable across runs and processes, unlike anything seeded.
function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index += 1) hash = Math.imul(hash ^ word.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/**
 * A deterministic unit vector for a text: a hashed bag of its lower-cased words, each adding ±1
 * to one dimension. Texts sharing words point the same way ('poem about cats' and 'poem about
 * dogs' score about 2/3); a text with no letters or digits counts as one word.
 */
export function fakeEmbedding(text: string, dimensions = defaultEmbeddingDimensions): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of wordsOf(text)) {
    const hash = hashWord(word);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const length = Math.hypot(...vector);
  return length > 0 ? vector.map((value) => value / length) : vector;
}

/** Reads the request as OpenAI would validate it; a string is the message of a 400 answer. */
export function readEmbeddingsRequest(body: unknown): EmbeddingsRequest | string {
  const request = (body ?? {}) as { model?: unknown; input?: unknown; dimensions?: unknown; encoding_format?: unknown };
  if (typeof request.model !== 'string' || request.model === '') return 'You must provide a model parameter.';
  const inputs = typeof request.input === 'string' ? [request.input] : request.input;
  if (
    !Array.isArray(inputs) ||
    inputs.length === 0 ||
    inputs.length > maxInputs ||
    !inputs.every((input) => typeof input === 'string' && input !== '')
  ) {
    return `'input' must be a non-empty string or an array of 1 to ${maxInputs} non-empty strings (this fake takes no token arrays).`;
  }
  const dimensions = request.dimensions ?? defaultEmbeddingDimensions;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxDimensions) {
    return `'dimensions' must be an integer from 1 to ${maxDimensions}.`;
  }
  const encodingFormat = request.encoding_format ?? 'float';
  if (encodingFormat !== 'float' && encodingFormat !== 'base64')
    return "'encoding_format' must be 'float' or 'base64'.";
  return { model: request.model, inputs, dimensions, encodingFormat };
}

/** The answer in OpenAI's shape; usage counts one token per word, as the chat replies do. */
export function embeddingsBody(request: EmbeddingsRequest) {
  const tokens = request.inputs.reduce((sum, input) => sum + wordsOf(input).length, 0);
  return {
    object: 'list',
    data: request.inputs.map((input, index) => {
      const vector = fakeEmbedding(input, request.dimensions);
      const embedding =
        request.encodingFormat === 'base64' ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    }),
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/**
 * Answers `POST /v1/embeddings`. Of a scripted reply it honours `failBeforeStream` (OpenAI's
 * error body) and `chunkDelayMs` (a wait before the one body, to test timeouts).
 */
export async function answerEmbeddings(
  response: ServerResponse,
  body: unknown,
  reply: FakeReply,
): Promise<AnswerEnding> {
  let clientClosed = false;
  response.on('close', () => {
    if (!response.writableFinished) clientClosed = true;
  });
  if (reply.chunkDelayMs) await delay(reply.chunkDelayMs);
  if (clientClosed) return 'closed-by-client';
  const failure = reply.failBeforeStream;
  if (failure) {
    const headers: Record<string, string> =
      failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
    writeJson(response, failure.status, openAiWire.errorBody(failure.status, failure.message), headers);
    return 'failed-before-stream';
  }
  const request = readEmbeddingsRequest(body);
  if (typeof request === 'string') {
    writeJson(response, 400, openAiWire.errorBody(400, request));
    return 'failed-before-stream';
  }
  writeJson(response, 200, embeddingsBody(request));
  return 'completed';
}
