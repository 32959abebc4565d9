import { z } from 'zod';
import { messageIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { text } from './text-rules';

export const systemMessageTypes = ['info', 'success', 'warning', 'error'] as const;

/** A notice shown to every member of an organisation until each dismisses it. */
export const systemMessageSchema = z.object({ id: z.string(), content: z.string(), type: z.enum(systemMessageTypes) });
export type SystemMessage = z.infer<typeof systemMessageSchema>;

/** POST /system/messages (organisation admins): not in the spec's calls, it is how notices are made. */
export const createSystemMessageRequestSchema = z.object({
  content: text({ label: 'Content', max: 2_000, kind: 'multi-line', required: messages.contentRequired }),
  type: z.enum(systemMessageTypes).default('info'),
});
export const systemMessageListSchema = z.object({ messages: z.array(systemMessageSchema) });
/** GET /system/messages/{userId} and dismissal: the caller's own notices. */
export const systemMessagesPathSchema = z.object({ userId: userIdSchema });
export const dismissSystemMessagePathSchema = z.object({ userId: userIdSchema, messageId: messageIdSchema });
