import { z } from 'zod';
import { requiredText } from './auth';
import { messages } from './messages';

export const systemMessageTypes = ['info', 'success', 'warning', 'error'] as const;

/** A notice shown to every member of an organisation until each dismisses it. */
export const systemMessageSchema = z.object({ id: z.string(), content: z.string(), type: z.enum(systemMessageTypes) });
export type SystemMessage = z.infer<typeof systemMessageSchema>;

/** POST /system/messages (organisation admins): not in the spec's calls, it is how notices are made. */
export const createSystemMessageRequestSchema = z.object({
  content: requiredText(messages.contentRequired).max(2_000),
  type: z.enum(systemMessageTypes).default('info'),
});
