import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import type { LimitRefusal } from '@contracts';
import { limitRefusalOf } from '../api/limit-refusal';
import { planAllowanceRefusalOf, walletRefusalOf } from '../api/wallet-refusal';
import { sendFailureMessage, sendFailureMessages } from '../api/send-failure-message';
import { failureReason } from '../api/failure-reason';
import { StreamFailure, streamChatReply, type StreamedReply } from '../api/stream-chat-reply';
import { createDisplayQueue } from '../state/display-queue';

type StreamRequest = Omit<Parameters<typeof streamChatReply>[0], 'onText' | 'signal'>;

interface StreamHandlers {
  onText: (chunk: string) => void;
  onDone: (reply: StreamedReply) => void;
  onFail: (partialText: string, failure: ReplyFailure) => void;
  /** Sends the same request again with another model (the cheaper one a limit refusal offers). */
  retryWith?: (modelId: string) => void;
}

/** How a reply ended early: stopped by the user, or failed with the server's reason to show under the message. */
export interface ReplyFailure {
  stopped: boolean;
  /** Absent when stopped. */
  reason?: string;
  /** Refused before the server saved anything (a limit, the wallet, access): the message was not sent. */
  notSent?: boolean;
}

/** An access or limit failure for the red banner: the spec's text, and for a monthly limit its details and a way to resend. */
export interface BannerNotice {
  message: string;
  refusal?: LimitRefusal;
  retryWith?: (modelId: string) => void;
  /** The organisation's wallet cannot pay for the model (402): the billing scope is offered a way to top up. */
  walletEmpty?: boolean;
  /** The plan's tokens for the billing cycle are used (429): the billing scope is offered the plans. */
  allowanceUsed?: boolean;
}

/**
 * One streamed reply at a time, shown through the word-by-word queue (spec section 4), with
 * 'Stop generating': stopping keeps what was shown and raises no error toast.
 */
const bannerMessages: string[] = [
  sendFailureMessages.tokenLimit,
  sendFailureMessages.costLimit,
  sendFailureMessages.accessDenied,
];

/** `onBanner` receives the access and limit texts, which spec section 2 also shows in the red banner. */
export function useReplyStream(onBanner?: (notice: BannerNotice) => void) {
  const toast = useToast();
  const abortController = useRef<AbortController | null>(null);
  const stoppedByUser = useRef(false);

  useEffect(() => () => abortController.current?.abort(), []);

  const run = useCallback(
    async (request: StreamRequest, handlers: StreamHandlers) => {
      const controller = new AbortController();
      abortController.current = controller;
      stoppedByUser.current = false;
      let shown = '';
      const queue = createDisplayQueue((chunk) => {
        shown += chunk;
        handlers.onText(chunk);
      });
      try {
        const reply = await streamChatReply({ ...request, onText: queue.push, signal: controller.signal });
        await queue.drained();
        handlers.onDone(reply);
      } catch (error) {
        queue.flush();
        await queue.drained();
        const partialText = error instanceof StreamFailure ? error.partialText : shown;
        if (stoppedByUser.current) {
          handlers.onFail(partialText, { stopped: true });
          return;
        }
        const walletRefusal = walletRefusalOf(error);
        if (walletRefusal !== undefined) {
          handlers.onFail(partialText, { stopped: false, reason: walletRefusal, notSent: true });
          if (onBanner) onBanner({ message: walletRefusal, walletEmpty: true });
          else toast.error(walletRefusal);
          return;
        }
        const allowanceRefusal = planAllowanceRefusalOf(error);
        if (allowanceRefusal !== undefined) {
          handlers.onFail(partialText, { stopped: false, reason: allowanceRefusal, notSent: true });
          if (onBanner) onBanner({ message: allowanceRefusal, allowanceUsed: true });
          else toast.error(allowanceRefusal);
          return;
        }
        const refusal = limitRefusalOf(error);
        // A request that does not fit what is left was not over any limit: the server's words say what would fit.
        const message =
          refusal?.reason === 'does_not_fit' && error instanceof Error
            ? error.message
            : sendFailureMessage(error instanceof Error ? error.message : undefined);
        // Access and limit texts go to the red banner when there is one, so they are not shown twice.
        if (onBanner && (bannerMessages.includes(message) || refusal)) {
          // The spec's short text for access; a limit's own words say which limit and how much is left.
          const reason = message === sendFailureMessages.accessDenied ? message : failureReason(error);
          handlers.onFail(partialText, { stopped: false, reason, notSent: true });
          onBanner({ message, refusal, retryWith: handlers.retryWith });
          return;
        }
        handlers.onFail(partialText, { stopped: false, reason: failureReason(error) });
        toast.error(message);
      } finally {
        queue.cancel();
        abortController.current = null;
      }
    },
    [toast, onBanner],
  );

  const stop = useCallback(() => {
    stoppedByUser.current = true;
    abortController.current?.abort();
  }, []);

  const isBusy = useCallback(() => abortController.current !== null, []);

  return { run, stop, isBusy };
}
