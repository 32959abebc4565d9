import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contracts';
import { messages } from '../../contracts';
import { AppError } from './app-error';
import type { AppEnv } from './context';

/** The one place a failure becomes an HTTP answer. 5xx details stay in the log. */
export function renderError(error: unknown, context: Context<AppEnv>): Response {
  const requestId = context.get('requestId');
  const logger = context.get('logger');
  const appError = asAppError(error);
  if (!appError || appError.status >= 500) {
    if (!appError?.alreadyLogged) logger?.error({ err: error, requestId }, 'request failed');
    // 502, 503 and 504 carry texts we wrote (never a provider's or a library's), so they are shown.
    const ownText = appError && appError.status >= 502 && appError.status <= 504 ? appError.message : messages.internal;
    if (appError?.retryAfterSeconds !== undefined) {
      context.header('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
    }
    const body: ApiErrorBody = {
      code: appError?.code ?? 'internal',
      message: ownText,
      detail: ownText,
      request_id: requestId,
      ...(appError?.deadline ? { deadline: appError.deadline } : {}),
    };
    return context.json(body, (appError?.status ?? 500) as ContentfulStatusCode);
  }
  if (appError.retryAfterSeconds !== undefined) {
    context.header('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
  }
  const body: ApiErrorBody = {
    code: appError.code,
    message: appError.message,
    detail: appError.message,
    ...(appError.fields ? { fields: appError.fields } : {}),
    ...(appError.limit ? { limit: appError.limit } : {}),
  };
  return context.json(body, appError.status as ContentfulStatusCode);
}

/** Ours, or one of the validation layer's own refusals (@hono/zod-openapi), which are no server failures. */
function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException && error.status === 415)
    return new AppError('unsupported_media_type', messages.unsupportedMediaType);
  if (error instanceof HTTPException && error.status === 400)
    return new AppError('malformed_json', messages.malformedJson);
  return undefined;
}
