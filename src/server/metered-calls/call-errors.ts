import { messages, type StreamError } from '../../contracts';
import { GatewayError } from '../../gateway';
import { AppError } from '../http/app-error';
import { DeadlinePassed } from './call-deadlines';

/**
 * A provider failure before the first byte, as our own error: busy or rate-limited answers keep
 * their Retry-After; everything else is a 502 whose text never repeats the provider's words.
 */
export function upstreamFailure(error: unknown): AppError {
  // Before the first token every deadline reads the same to the user: no answer started in time.
  if (error instanceof DeadlinePassed)
    return new AppError('upstream_timeout', messages.upstreamTimedOut, { deadline: error.deadline, cause: error });
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

/** The same failure after the first byte, as the stream's closing [ERROR] line; a deadline there is a silence. */
export function streamFailure(error: unknown): StreamError {
  if (error instanceof DeadlinePassed)
    return { code: 'upstream_timeout', message: messages.upstreamStalled, deadline: error.deadline };
  const failure = upstreamFailure(error);
  return { code: failure.code, message: failure.message };
}
