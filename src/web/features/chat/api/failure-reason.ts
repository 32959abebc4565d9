import { ApiError } from '../../../lib/api-error';
import { StreamFailure } from './stream-chat-reply';

export const failureReasons = {
  /** The request or the stream broke before the server could say why. */
  connectionLost: 'The connection to the server was lost before the reply arrived.',
  /** An answer that was not the server's own JSON (a proxy's page, say). */
  unexplained: 'The server did not say why.',
} as const;

/**
 * The reason shown under a message whose reply failed: the server's own words, which never repeat
 * the provider's (src/server/conversations/upstream-error.ts), else what the browser saw.
 */
export function failureReason(error: unknown): string {
  if (error instanceof StreamFailure) return error.message.trim() || failureReasons.unexplained;
  if (error instanceof ApiError)
    return typeof error.body === 'object' && error.body !== null ? error.message : failureReasons.unexplained;
  return failureReasons.connectionLost;
}
