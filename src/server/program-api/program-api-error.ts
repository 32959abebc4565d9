import { HTTPException } from 'hono/http-exception';
import { messages, type ErrorCode } from '../../contracts';
import { AppError } from '../http/app-error';

/**
 * A refusal of the /v1 endpoints as both SDK families read it: the HTTP status they act on
 * (401 AuthenticationError, 403 PermissionDenied, 404 NotFound, 429 RateLimit with Retry-After...),
 * OpenAI's `type`, `code` and `param`, and Anthropic's `type`.
 */
export interface ProgramApiFailure {
  status: number;
  message: string;
  openAi: { type: string; code: string | null; param: string | null };
  anthropicType: string;
  retryAfterSeconds?: number;
}

/** An error the /v1 layer and the endpoints built on it throw when OpenAI's code or param matters. */
export class ProgramApiError extends Error {
  constructor(readonly failure: ProgramApiFailure) {
    super(failure.message);
    this.name = 'ProgramApiError';
  }
}

/** 401 `invalid_api_key`: no key, an unknown one, a revoked or expired one. */
export function invalidApiKey(message: string): ProgramApiError {
  return new ProgramApiError({
    status: 401,
    message,
    openAi: { type: 'invalid_request_error', code: 'invalid_api_key', param: null },
    anthropicType: 'authentication_error',
  });
}

/** 403: the organisation's rules refuse the key here (API access off, an address outside its networks). */
export function keyRefused(message: string, code: string): ProgramApiError {
  return new ProgramApiError({
    status: 403,
    message,
    openAi: { type: 'invalid_request_error', code, param: null },
    anthropicType: 'permission_error',
  });
}

/** 404 `model_not_found`: a model that does not exist or the key's role lacks. */
export function modelNotFound(message: string, param: string | null = 'model'): ProgramApiError {
  return new ProgramApiError({
    status: 404,
    message,
    openAi: { type: 'invalid_request_error', code: 'model_not_found', param },
    anthropicType: 'not_found_error',
  });
}

/** How the product's own errors (validation, limits, the wallet...) read to the SDKs. */
const shapeByCode: Record<
  ErrorCode,
  Omit<ProgramApiFailure, 'status' | 'message' | 'openAi'> & { openAi: { type: string; code: string | null } }
> = {
  validation_failed: { openAi: { type: 'invalid_request_error', code: null }, anthropicType: 'invalid_request_error' },
  malformed_json: { openAi: { type: 'invalid_request_error', code: null }, anthropicType: 'invalid_request_error' },
  unauthorized: {
    openAi: { type: 'invalid_request_error', code: 'invalid_api_key' },
    anthropicType: 'authentication_error',
  },
  two_factor_required: {
    openAi: { type: 'invalid_request_error', code: 'invalid_api_key' },
    anthropicType: 'authentication_error',
  },
  two_factor_setup_required: {
    openAi: { type: 'invalid_request_error', code: 'permission_denied' },
    anthropicType: 'permission_error',
  },
  forbidden: {
    openAi: { type: 'invalid_request_error', code: 'permission_denied' },
    anthropicType: 'permission_error',
  },
  single_sign_on_required: {
    openAi: { type: 'invalid_request_error', code: 'permission_denied' },
    anthropicType: 'permission_error',
  },
  not_found: { openAi: { type: 'invalid_request_error', code: 'not_found' }, anthropicType: 'not_found_error' },
  conflict: { openAi: { type: 'invalid_request_error', code: 'conflict' }, anthropicType: 'invalid_request_error' },
  payment_required: {
    openAi: { type: 'insufficient_quota', code: 'insufficient_quota' },
    anthropicType: 'billing_error',
  },
  payload_too_large: {
    openAi: { type: 'invalid_request_error', code: 'request_too_large' },
    anthropicType: 'request_too_large',
  },
  unsupported_media_type: {
    openAi: { type: 'invalid_request_error', code: null },
    anthropicType: 'invalid_request_error',
  },
  too_many_requests: { openAi: { type: 'requests', code: 'rate_limit_exceeded' }, anthropicType: 'rate_limit_error' },
  // The plan's allowance for the cycle is used (429, docs/decisions/041): OpenAI's quota error, Anthropic's rate limit.
  plan_allowance_used: {
    openAi: { type: 'insufficient_quota', code: 'insufficient_quota' },
    anthropicType: 'rate_limit_error',
  },
  internal: { openAi: { type: 'server_error', code: null }, anthropicType: 'api_error' },
  upstream_failed: { openAi: { type: 'server_error', code: 'upstream_failed' }, anthropicType: 'api_error' },
  // A model call passed a deadline before its first token (504, docs/decisions/038).
  upstream_timeout: { openAi: { type: 'server_error', code: 'timeout' }, anthropicType: 'timeout_error' },
  unavailable: { openAi: { type: 'server_error', code: 'service_unavailable' }, anthropicType: 'overloaded_error' },
};

/**
 * Any error thrown under /v1 as a failure to render. A 5xx says only our generic text (and 502/503/504
 * our own), with the request id; the detail goes to the log. `param` is the first field a
 * validation error names, in OpenAI's spelling ('messages.0.content' for a nested one).
 */
export function describeFailure(error: unknown, requestId: string): { failure: ProgramApiFailure; logged: boolean } {
  if (error instanceof ProgramApiError) return { failure: error.failure, logged: error.failure.status >= 500 };
  const appError =
    error instanceof AppError
      ? error
      : error instanceof HTTPException && error.status === 400
        ? new AppError('malformed_json', messages.malformedJson)
        : error instanceof HTTPException && error.status === 415
          ? new AppError('unsupported_media_type', messages.unsupportedMediaType)
          : new AppError('internal', messages.internal);
  const shape = shapeByCode[appError.code];
  const serverFailure = appError.status >= 500;
  const ownText = [502, 503, 504].includes(appError.status) ? appError.message : messages.internal;
  const param = appError.fields ? (Object.keys(appError.fields).find((field) => field !== '_') ?? null) : null;
  return {
    failure: {
      status: appError.status,
      message: serverFailure ? `${ownText} (request id ${requestId})` : appError.message,
      openAi: { ...shape.openAi, param },
      anthropicType: shape.anthropicType,
      // SDKs wait for Retry-After before they retry a 429; room held by calls still running comes back within seconds.
      ...(appError.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: appError.retryAfterSeconds }
        : appError.status === 429
          ? { retryAfterSeconds: 5 }
          : {}),
    },
    logged: serverFailure || !(error instanceof AppError || error instanceof HTTPException),
  };
}
