import type { Logger } from 'pino';
import type { ReplySlot } from './reply-slot';

/**
 * An organisation's enable_logging lets its prompt and reply text into the server log, at debug
 * level only, for troubleshooting (docs/decisions/021). Off, or at any other level, the log
 * carries ids and numbers but never what people wrote.
 */
export function logChatContent(
  logger: Logger,
  slot: ReplySlot & { logContent?: boolean; prompt: string },
  reply: { text: string; status: string; modelId: string },
): void {
  if (!slot.logContent || !logger.isLevelEnabled('debug')) return;
  logger.debug(
    {
      orgId: slot.caller.orgId,
      userId: slot.caller.userId,
      sessionId: slot.sessionId,
      replyMessageId: slot.replyMessageId,
      model: reply.modelId,
      status: reply.status,
      prompt: slot.prompt,
      reply: reply.text,
    },
    'chat content',
  );
}
