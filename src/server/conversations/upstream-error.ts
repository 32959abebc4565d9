import { messages, type StreamError } from '../../contracts';
import { GatewayError } from '../../gateway';
import { AppError } from '../http/app-error';

/**
 * A provider failure before the first byte, as our own error: busy or rate-limited answers keep
 * their Retry-After; everything else is a 502 whose text never repeats the provider's words.
 */
export function upstreamFailure(error: unknown): AppError {
  if (!(error instanceof GatewayError))
    return new AppError('upstream_failed', messages.upstreamFailed, { cause: error });
  const retryAfterSeconds = error.retryAfterSeconds;
  if (error.kind === 'rate_limit')
    return new AppError('too_many_requests', messages.upstreamBusy, { retryAfterSeconds, cause: error });
  if (error.kind === 'address_refused')
    return new AppError('upstream_failed', messages.providerAddressRefused, { cause: error });
  if (error.kind === 'unavailable' && error.provider === 'local') {
    return new AppError('unavailable', messages.upstreamBusy, {
      retryAfterSeconds: retryAfterSeconds ?? 10,
      cause: error,
    });
  }
  return new AppError('upstream_failed', messages.upstreamFailed, { retryAfterSeconds, cause: error });
}

/** The same failure after the first byte, as the stream's closing [ERROR] line. */
export function streamFailure(error: unknown): StreamError {
  const failure = upstreamFailure(error);
  return { code: failure.code, message: failure.message };
}
