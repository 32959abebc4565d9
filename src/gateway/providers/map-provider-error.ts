import { APICallError, RetryError } from 'ai';
import type { ProviderName } from '../catalog/catalog-schema';
import { AddressRefusedError } from '../network/address-policy';
import { errorKindForStatus, GatewayError, type GatewayErrorKind } from './gateway-error';

// Error events inside a stream carry the provider's error type instead of an HTTP status.
const kindByProviderErrorType: Record<string, GatewayErrorKind> = {
  authentication_error: 'auth',
  permission_error: 'auth',
  invalid_api_key: 'auth',
  rate_limit_error: 'rate_limit',
  rate_limit_exceeded: 'rate_limit',
  insufficient_quota: 'rate_limit',
  RESOURCE_EXHAUSTED: 'rate_limit',
  overloaded_error: 'unavailable',
  api_error: 'unavailable',
  server_error: 'unavailable',
  UNAVAILABLE: 'unavailable',
  INTERNAL: 'unavailable',
  invalid_request_error: 'bad_request',
  INVALID_ARGUMENT: 'bad_request',
};

// What undici reports when the connection drops while a body is being read.
const connectionFailureMessages = new Set(['terminated', 'fetch failed', 'other side closed']);
const connectionFailureCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET']);

/** Translates anything an AI SDK call throws or streams as an error into a GatewayError. */
export function toGatewayError(error: unknown, provider: ProviderName): GatewayError {
  if (GatewayError.isGatewayError(error)) return error;
  const refused = AddressRefusedError.find(error);
  if (refused)
    return new GatewayError('address_refused', `${provider}: ${refused.message}`, { provider, cause: error });
  if (RetryError.isInstance(error)) return toGatewayError(error.lastError, provider);
  if (APICallError.isInstance(error)) return fromApiCallError(error, provider);
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new GatewayError('timeout', `${provider}: the request timed out`, { provider, cause: error });
  }
  if (isConnectionFailure(error)) {
    return new GatewayError('unavailable', `${provider}: the connection failed`, { provider, cause: error });
  }
  const providerErrorType = readProviderErrorType(error);
  if (providerErrorType !== undefined) {
    const kind = kindByProviderErrorType[providerErrorType] ?? 'unknown';
    return new GatewayError(kind, `${provider}: ${readMessage(error) ?? providerErrorType}`, {
      provider,
      cause: error,
    });
  }
  return new GatewayError('unknown', `${provider}: ${readMessage(error) ?? 'unexpected error'}`, {
    provider,
    cause: error,
  });
}

function fromApiCallError(error: APICallError, provider: ProviderName): GatewayError {
  // No status: the request got no response at all ("Cannot connect to API: other side closed").
  if (error.statusCode === undefined && isConnectionFailure(error.cause)) {
    return new GatewayError('unavailable', `${provider}: the connection failed before an answer`, {
      provider,
      unanswered: true,
      cause: error,
    });
  }
  // A stream that breaks after a 200 arrives wrapped with that 200: it is a connection failure.
  if ((error.statusCode ?? 0) < 400 && isConnectionFailure(error.cause)) {
    return new GatewayError('unavailable', `${provider}: the connection failed during the answer`, {
      provider,
      cause: error,
    });
  }
  const status = error.statusCode;
  const kind = status === undefined ? (error.isRetryable ? 'unavailable' : 'unknown') : errorKindForStatus(status);
  const retryAfter = Number(error.responseHeaders?.['retry-after']);
  return new GatewayError(kind, `${provider}: ${error.message}`, {
    status,
    provider,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    cause: error,
  });
}

function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && connectionFailureCodes.has(code)) return true;
    if (current.name === 'TypeError' && connectionFailureMessages.has(current.message)) return true;
  }
  return false;
}

function readProviderErrorType(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, code, status } = error as { type?: unknown; code?: unknown; status?: unknown };
  const candidates = [type, code, status].filter((value): value is string => typeof value === 'string');
  return candidates.find((candidate) => candidate in kindByProviderErrorType) ?? candidates[0];
}

function readMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? error : undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}
