import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnthropicErrorBody, OpenAiErrorBody } from '../../contracts';
import type { AppEnv } from '../http/context';
import { describeFailure, type ProgramApiFailure } from './program-api-error';

function openAiErrorBody(failure: ProgramApiFailure): OpenAiErrorBody {
  return { error: { message: failure.message, ...failure.openAi } };
}

function anthropicErrorBody(failure: ProgramApiFailure): AnthropicErrorBody {
  return { type: 'error', error: { type: failure.anthropicType, message: failure.message } };
}

/** Anthropic's Messages API and what its SDK calls around it; every other /v1 path answers in OpenAI's shape. */
function speaksAnthropic(path: string): boolean {
  return /^\/v1\/messages(\/|$)/.test(path);
}

/**
 * The /v1 endpoints' one error renderer (their router's onError): OpenAI's error shape, or
 * Anthropic's under /v1/messages, with Retry-After where a refusal says when to come back and the
 * request id in a header. Failures of ours (5xx) go to the log with their detail.
 */
export function renderProgramApiError(error: unknown, context: Context<AppEnv>): Response {
  const requestId = context.get('requestId');
  const { failure, logged } = describeFailure(error, requestId);
  if (logged) context.get('logger')?.error({ err: error, requestId }, 'request failed');
  if (failure.retryAfterSeconds !== undefined)
    context.header('Retry-After', String(Math.max(1, Math.ceil(failure.retryAfterSeconds))));
  const body = speaksAnthropic(context.req.path) ? anthropicErrorBody(failure) : openAiErrorBody(failure);
  return context.json(body, failure.status as ContentfulStatusCode);
}
