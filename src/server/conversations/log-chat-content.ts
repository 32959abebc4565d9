import type { Logger } from 'pino';
import type { ReplyPlan } from './reply-plan';

/**
 * An organisation's enable_logging lets its prompt and reply text into the server log, at debug
 * level only, for troubleshooting (docs/decisions/021). Off, or at any other level, the log
 * carries ids and numbers but never what people wrote.
 */
export function logChatContent(
  logger: Logger,
  plan: ReplyPlan,
  reply: { text: string; status: string; modelId: string },
): void {
  if (!plan.generation?.logContent || !logger.isLevelEnabled('debug')) return;
  logger.debug(
    {
      orgId: plan.caller.orgId,
      userId: plan.caller.userId,
      sessionId: plan.sessionId,
      replyMessageId: plan.replyMessageId,
      model: reply.modelId,
      status: reply.status,
      prompt: plan.history.findLast((message) => message.role === 'user')?.content,
      reply: reply.text,
    },
    'chat content',
  );
}
