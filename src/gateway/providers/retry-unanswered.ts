import type { ChatProvider, ChatStreamPart } from './chat-provider';
import { GatewayError } from './gateway-error';

/** One more try: enough for a closed kept-alive connection, not a loop against a provider that is down. */
const attempts = 2;

/**
 * Asks again, at once, when the provider never answered (see GatewayError.unanswered): a busy
 * server reuses kept-alive connections that the provider may have closed a moment before. A
 * stream that has started, an HTTP error answer and a caller's abort are never retried.
 */
export function retryUnanswered(provider: ChatProvider): ChatProvider {
  return {
    async *stream(request): AsyncGenerator<ChatStreamPart> {
      for (let attempt = 1; ; attempt++) {
        let started = false;
        try {
          for await (const part of provider.stream(request)) {
            started = true;
            yield part;
          }
          return;
        } catch (error) {
          const retry =
            !started &&
            attempt < attempts &&
            request.abortSignal?.aborted !== true &&
            error instanceof GatewayError &&
            error.unanswered;
          if (!retry) throw error;
        }
      }
    },
  };
}
