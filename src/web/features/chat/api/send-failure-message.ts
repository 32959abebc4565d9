import { sendFailureGenericText, sendFailures, sendFailureText } from '@contracts';

/** Spec section 8 (Chat): the texts a failed send shows (shared with the server's phrases). */
export const sendFailureMessages = {
  tokenLimit: sendFailures.tokenLimit.text,
  costLimit: sendFailures.costLimit.text,
  accessDenied: sendFailures.accessDenied.text,
  generic: sendFailureGenericText,
} as const;

export const streamFailureMessages = {
  noMetadata: 'No metadata received in response',
  noStream: 'No readable stream from response',
} as const;

/** Maps the server's message to the spec text by the phrases in src/contracts/messages.ts. */
export function sendFailureMessage(serverMessage: string | undefined): string {
  return sendFailureText(serverMessage);
}
