/** Spec section 8 (Chat): the texts a failed send shows. */
export const sendFailureMessages = {
  tokenLimit: 'You have exceeded your monthly token limit for this model.',
  costLimit: 'You have exceeded your monthly cost limit for this model.',
  accessDenied: 'You do not have permission to use this model.',
  generic: 'Failed to send message. Please try again.',
} as const;

export const streamFailureMessages = {
  noMetadata: 'No metadata received in response',
  noStream: 'No readable stream from response',
} as const;

/**
 * The server words these as 'Monthly token limit exceeded for this model.' and
 * 'You do not have access to this model.', so matching ignores case and accepts both wordings.
 */
export function sendFailureMessage(serverMessage: string | undefined): string {
  const text = (serverMessage ?? '').toLowerCase();
  if (text.includes('token limit exceeded')) return sendFailureMessages.tokenLimit;
  if (text.includes('cost limit exceeded')) return sendFailureMessages.costLimit;
  if (text.includes('model access denied') || text.includes('do not have access to this model')) return sendFailureMessages.accessDenied;
  return sendFailureMessages.generic;
}
